import { Actor, ERROR_CODES } from '@cincy/contracts';
import { DomainError, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { COMPLETION_MESSAGES } from '../service-records/completion-rules';
import { InventoryItemEntity } from './inventory-item.entity';
import { InventoryTransactionEntity } from './inventory-transaction.entity';
import { toInventoryItem } from './items.service';

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
  /**
   * Takes one unit in the caller's transaction. The conditional update is the guard: of any
   * number of concurrent takers only as many as there are units succeed; an item at 0 is a 409.
   */
  async takeOne(tx: Transaction, itemId: number, movement: StockMovement): Promise<void> {
    // An UPDATE answers [rows, rowCount] through TypeORM.
    const [, taken]: [unknown[], number] = await tx.manager.query(
      `UPDATE inventory_items SET quantity = quantity - 1, updated_at = now()
        WHERE id = $1 AND is_active AND quantity > 0`,
      [itemId],
    );
    if (taken === 0) {
      const exists = await tx.manager.existsBy(InventoryItemEntity, { id: itemId, isActive: true });
      const message = exists ? COMPLETION_MESSAGES.outOfStock : COMPLETION_MESSAGES.itemNotFound;
      throw new DomainError(exists ? ERROR_CODES.conflict : ERROR_CODES.notFound, message, {
        inventoryItemId: message,
      });
    }
    const item = await tx.manager.findOneByOrFail(InventoryItemEntity, { id: itemId });
    await tx.manager.insert(InventoryTransactionEntity, {
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
    await tx.emit('inventory.item.changed', { item: toInventoryItem(item) });
  }
}
