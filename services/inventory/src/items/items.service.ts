import {
  Actor,
  ERROR_CODES,
  INVENTORY_MESSAGES,
  InventoryFilter,
  InventoryItem,
  InventoryItemInput,
  STOCK_MOVEMENT_MESSAGES,
  StockMovement,
  TRANSFER_MESSAGES,
} from '@cincy/contracts';
import { DomainError, Outbox, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InventoryItemEntity } from './inventory-item.entity';
import { fromItemInput, newItem } from './inventory-item.mapper';
import { InventoryTransactionEntity } from './inventory-transaction.entity';
import { ItemsRepository, toStockMovement } from './items.repository';

@Injectable()
export class ItemsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly outbox: Outbox,
  ) {}

  list(filter: InventoryFilter): Promise<InventoryItem[]> {
    return this.items.list(filter);
  }

  /** POST /api/inventory: the new item and its opening stock, recorded. */
  async create(input: InventoryItemInput, actor: Actor): Promise<InventoryItem> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.items.insert(tx.manager, newItem(input));
      await this.record(tx.manager, item, 0, 'created', 'Item added', actor);
      return this.announce(tx, item, null);
    });
  }

  /**
   * PUT /api/inventory/{id}: the form sends the whole item. A changed quantity is a count
   * correction ('correct', the change from what was stored, by whom), as Correct count records
   * it, so the Edit Item dialog keeps working and no count is overwritten without its row; any
   * other change is an edit.
   */
  async update(id: number, input: InventoryItemInput, actor: Actor): Promise<InventoryItem> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.lockItem(tx.manager, id);
      const previous = item.quantity;
      Object.assign(item, fromItemInput(input));
      if (item.quantity !== previous) await this.keepVansStock(tx.manager, item);
      await this.items.save(tx.manager, item);
      const adjusted = item.quantity !== previous;
      const row = await this.record(
        tx.manager,
        item,
        previous,
        adjusted ? 'correct' : 'edited',
        adjusted ? STOCK_MOVEMENT_MESSAGES.editedCount : 'Details edited',
        actor,
      );
      // Only a count change is a stock movement; a details edit says what changed by the item.
      return this.announce(tx, item, adjusted ? toStockMovement(row) : null);
    });
  }

  /**
   * DELETE /api/inventory/{id}: an item put in a car is retired (kept, hidden from lists) so
   * history and warranty lookups still name it; one never used is erased with its own stock
   * history.
   */
  async remove(id: number, actor: Actor): Promise<{ message: string; retired: boolean }> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.lockItem(tx.manager, id);
      const used = await this.items.usedOnAJob(tx.manager, id);
      if (used) {
        item.isActive = false;
        await this.items.save(tx.manager, item);
        await this.record(
          tx.manager,
          item,
          item.quantity,
          'retired',
          'Removed from the list',
          actor,
        );
      } else {
        await this.items.erase(tx.manager, id);
      }
      await tx.emit('inventory.item.removed', { itemId: id });
      return { message: INVENTORY_MESSAGES.deletedDescription, retired: used };
    });
  }

  /** A count covers the warehouse: the units in vans stay there (moved back first). */
  private async keepVansStock(manager: EntityManager, item: InventoryItemEntity) {
    const inVans = await this.items.inVans(manager, item.id);
    if (item.quantity < inVans) {
      const message = TRANSFER_MESSAGES.inVans(item.name, inVans);
      throw new DomainError(ERROR_CODES.conflict, message, { quantity: message });
    }
  }

  private async announce(
    tx: Transaction,
    entity: InventoryItemEntity,
    movement: StockMovement | null,
  ): Promise<InventoryItem> {
    const item = await this.items.asItem(tx.manager, entity);
    await tx.emit('inventory.item.changed', { item, movement });
    return item;
  }

  private async lockItem(manager: EntityManager, id: number): Promise<InventoryItemEntity> {
    const item = await this.items.lock(manager, id);
    if (!item) throw new DomainError(ERROR_CODES.notFound, INVENTORY_MESSAGES.notFound);
    return item;
  }

  /** Every change of an item writes its inventory_transactions row (quantity before and after). */
  private record(
    manager: EntityManager,
    item: InventoryItemEntity,
    previousQuantity: number,
    transactionType: string,
    reason: string,
    actor: Actor,
  ): Promise<InventoryTransactionEntity> {
    return this.items.recordMovement(manager, {
      itemId: item.id,
      transactionType,
      quantityChange: item.quantity - previousQuantity,
      previousQuantity,
      newQuantity: item.quantity,
      reason,
      appointmentId: null,
      serviceRecordId: null,
      userId: actor.id,
      userName: actor.name,
    });
  }
}
