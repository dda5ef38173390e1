import { Actor, ERROR_CODES } from '@cincy/contracts';
import { DomainError, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { toInventoryItem } from './inventory-item.mapper';
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
}

/** Every change of an item's quantity: written with its inventory_transactions row, announced. */
@Injectable()
export class StockService {
  constructor(private readonly items: ItemsRepository) {}

  /** Takes one unit in the caller's transaction; an item at 0 is a 409, an unknown one a 404. */
  async takeOne(tx: Transaction, itemId: number, movement: StockMovement): Promise<void> {
    const item = await this.items.takeOne(tx.manager, itemId);
    if (!item) {
      const exists = await this.items.exists(tx.manager, itemId);
      const message = exists ? STOCK_MESSAGES.outOfStock : STOCK_MESSAGES.itemNotFound;
      throw new DomainError(exists ? ERROR_CODES.conflict : ERROR_CODES.notFound, message, {
        inventoryItemId: message,
      });
    }
    const row = await this.items.recordMovement(tx.manager, {
      itemId,
      transactionType: movement.transactionType,
      quantityChange: -1,
      previousQuantity: item.quantity + 1,
      newQuantity: item.quantity,
      reason: movement.reason,
      appointmentId: movement.appointmentId ?? null,
      serviceRecordId: movement.serviceRecordId ?? null,
      userId: movement.actor.id,
      userName: movement.actor.name,
    });
    await tx.emit('inventory.item.changed', {
      item: toInventoryItem(item),
      movement: toStockMovement(row),
    });
  }
}
