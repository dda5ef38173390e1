import {
  Actor,
  ERROR_CODES,
  INVENTORY_MESSAGES,
  InventoryItem,
  STOCK_MOVEMENT_MESSAGES,
  StockMovement,
  StockMovementInput,
  TRANSFER_MESSAGES,
  quantityAfter,
} from '@cincy/contracts';
import { DomainError, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { ItemsRepository, toStockMovement } from './items.repository';

/** Receive, Correct count and Write off: each a movement row, the item changed with it. */
@Injectable()
export class MovementsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly outbox: Outbox,
  ) {}

  /**
   * The item's row is locked, so the change is worked out from the quantity as it is (an install
   * at the same moment waits): a count sets it, the others add or take. Never below 0 (409).
   */
  async record(
    itemId: number,
    input: StockMovementInput,
    actor: Actor,
  ): Promise<{ movement: StockMovement; item: InventoryItem }> {
    return this.outbox.transaction(async (tx) => {
      const entity = await this.items.lock(tx.manager, itemId);
      if (!entity) throw new DomainError(ERROR_CODES.notFound, INVENTORY_MESSAGES.notFound);
      const previousQuantity = entity.quantity;
      const after = quantityAfter(previousQuantity, input);
      if (after === 'below-zero') {
        const message = STOCK_MOVEMENT_MESSAGES.belowZero(
          entity.name,
          previousQuantity,
          input.quantity,
        );
        throw new DomainError(ERROR_CODES.conflict, message, { quantity: message });
      }
      // Receipts, counts and write-offs are the warehouse's: the vans' units stay theirs.
      const inVans = await this.items.inVans(tx.manager, itemId);
      if (after < inVans) {
        const message = TRANSFER_MESSAGES.inVans(entity.name, inVans);
        throw new DomainError(ERROR_CODES.conflict, message, { quantity: message });
      }
      entity.quantity = after;
      await this.items.save(tx.manager, entity);
      const row = await this.items.recordMovement(tx.manager, {
        itemId,
        transactionType: input.type,
        quantityChange: after - previousQuantity,
        previousQuantity,
        newQuantity: after,
        reason: input.reason,
        appointmentId: null,
        serviceRecordId: null,
        userId: actor.id,
        userName: actor.name,
      });
      const item = await this.items.asItem(tx.manager, entity);
      const movement = toStockMovement(row);
      // Boards and Inventory screens follow the stock; the row is the record (the audit's too).
      await tx.emit('inventory.item.changed', { item, movement });
      return { movement, item };
    });
  }

  /** The drawer's list, newest first; an unknown item is a 404 (a retired one still answers). */
  async ofItem(itemId: number): Promise<StockMovement[]> {
    if (!(await this.items.itemExists(itemId)))
      throw new DomainError(ERROR_CODES.notFound, INVENTORY_MESSAGES.notFound);
    return this.items.movementsOf(itemId);
  }
}
