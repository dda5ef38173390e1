import {
  BatteryStock,
  BookedBattery,
  EventEnvelope,
  EventsMatching,
  batteryStock,
} from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ItemsRepository } from '../items';
import { ReservationsRepository } from './reservations.repository';

type Booked = EventEnvelope<'booking.appointment.requested'>;
type Closed = EventEnvelope<EventsMatching<'dispatch.appointment.>'>>;

/**
 * Reservations (issue 37, ADR 0119): a booked visit whose battery is known counts on one of its
 * type from booking, until it is completed (inventory's own record lets it go), cancelled or
 * declined. Stock less reservations is what is free: two visits never count on the last H6.
 */
@Injectable()
export class ReservationsService implements OnModuleInit {
  constructor(
    private readonly reservations: ReservationsRepository,
    private readonly items: ItemsRepository,
    private readonly consumers: EventConsumers,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('inventory-reservations', (event, tx) => this.booked(event, tx));
    this.consumers.subscribe('inventory-releases', (event, tx) => this.closed(event, tx));
  }

  async booked({ payload }: Booked, { manager }: Transaction): Promise<void> {
    if (payload.battery)
      await this.reservations.reserve(manager, payload.appointmentId, payload.battery);
  }

  async closed({ payload }: Closed, { manager }: Transaction): Promise<void> {
    await this.reservations.release(manager, payload.appointment.id);
  }

  /** Each battery asked: on hand (warehouse and vans), reserved, free. */
  async stock(batteries: readonly BookedBattery[]): Promise<BatteryStock[]> {
    const [items, reserved] = await Promise.all([
      this.items.list({ category: 'battery', lowStock: false }),
      this.reservations.all(),
    ]);
    return batteries.map((b) => batteryStock(b, items, reserved));
  }
}
