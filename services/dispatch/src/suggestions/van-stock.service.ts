import { BookedBattery, EventEnvelope, EventsMatching, batteryTypeOf } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

type ItemEvent = EventEnvelope<EventsMatching<'inventory.item.>'>>;

/**
 * Dispatch's copy of what each van holds (issue 37): an item's van counts as inventory last
 * announced them, with the battery its name says. Each event replaces the item's rows, so a
 * redelivery changes nothing.
 */
@Injectable()
export class VanStockService implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('dispatch-van-stock', (event, tx) => this.apply(event, tx));
  }

  async apply(event: ItemEvent, { manager }: Transaction): Promise<void> {
    const itemId =
      event.type === 'inventory.item.changed' ? event.payload.item.id : event.payload.itemId;
    await manager.query('DELETE FROM van_batteries WHERE item_id = $1', [itemId]);
    if (event.type !== 'inventory.item.changed') return;
    const { item } = event.payload;
    const battery = batteryTypeOf(item.name);
    if (!battery) return;
    for (const { technicianId, quantity } of item.byLocation)
      if (technicianId !== null && quantity > 0)
        await manager.query(
          `INSERT INTO van_batteries (technician_id, item_id, group_size, technology, quantity)
           VALUES ($1, $2, $3, $4, $5)`,
          [technicianId, itemId, battery.groupSize, battery.technology, quantity],
        );
  }

  /** The batteries each technician's van holds, by technician. */
  async vanBatteries(
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, BookedBattery[]>> {
    const rows: {
      technician_id: number;
      group_size: string;
      technology: BookedBattery['technology'];
    }[] = await manager.query(
      'SELECT technician_id, group_size, technology FROM van_batteries WHERE quantity > 0',
    );
    const vans = new Map<number, BookedBattery[]>();
    for (const r of rows)
      vans.set(r.technician_id, [
        ...(vans.get(r.technician_id) ?? []),
        { groupSize: r.group_size, technology: r.technology },
      ]);
    return vans;
  }
}
