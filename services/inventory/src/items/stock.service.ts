import { Actor, ERROR_CODES, StockLocation } from '@cincy/contracts';
import { DomainError, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { LocationsRepository } from './locations.repository';
import { ItemsRepository, toStockMovement } from './items.repository';

export const STOCK_MESSAGES = {
  outOfStock: 'That battery is out of stock. Choose another one.',
  itemNotFound: 'That battery is not in the inventory.',
} as const;

export interface StockMovement {
  transactionType: string;
  reason: string;
  actor: Actor;
  appointmentId?: number;
  serviceRecordId?: number;
  /** Whose van the unit leaves first (a completion's technician). */
  technicianId?: number;
}

/** Every change of an item's quantity: written with its inventory_transactions row, announced. */
@Injectable()
export class StockService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly locations: LocationsRepository,
  ) {}

  /**
   * Takes one unit in the caller's transaction; an item at 0 is a 409, an unknown one a 404. The
   * unit leaves the technician's van when it holds one, else the warehouse; a unit neither has
   * (the vans hold them all) leaves the van holding most: a battery fitted is never refused for
   * where the books say it was.
   */
  async takeOne(tx: Transaction, itemId: number, movement: StockMovement): Promise<void> {
    const item = await this.items.takeOne(tx.manager, itemId);
    if (!item) {
      const exists = await this.items.exists(tx.manager, itemId);
      const message = exists ? STOCK_MESSAGES.outOfStock : STOCK_MESSAGES.itemNotFound;
      throw new DomainError(exists ? ERROR_CODES.conflict : ERROR_CODES.notFound, message, {
        inventoryItemId: message,
      });
    }
    const from = await this.takeFromAPlace(
      tx.manager,
      itemId,
      item.quantity,
      movement.technicianId,
    );
    const row = await this.items.recordMovement(tx.manager, {
      itemId,
      transactionType: movement.transactionType,
      quantityChange: -1,
      previousQuantity: item.quantity + 1,
      newQuantity: item.quantity,
      reason: from ? `${movement.reason} (from ${from.name})` : movement.reason,
      appointmentId: movement.appointmentId ?? null,
      serviceRecordId: movement.serviceRecordId ?? null,
      userId: movement.actor.id,
      userName: movement.actor.name,
    });
    await tx.emit('inventory.item.changed', {
      item: await this.items.asItem(tx.manager, item),
      movement: toStockMovement(row),
    });
  }

  /** The van a unit left (null: the warehouse), the total already taken down to `left`. */
  private async takeFromAPlace(
    manager: EntityManager,
    itemId: number,
    left: number,
    technicianId: number | undefined,
  ): Promise<StockLocation | null> {
    const own = technicianId ? await this.locations.vanOf(manager, technicianId) : null;
    if (own && (await this.locations.changeVan(manager, itemId, own.id, -1))) return own;
    const vans = (await this.locations.vansHolding(manager, [itemId])).get(itemId) ?? [];
    const inVans = vans.reduce((n, v) => n + v.quantity, 0);
    if (left >= inVans) return null;
    const fullest = vans.reduce((a, b) => (b.quantity > a.quantity ? b : a));
    await this.locations.changeVan(manager, itemId, fullest.locationId, -1);
    return this.locations.find(manager, fullest.locationId);
  }
}
