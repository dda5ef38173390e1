import {
  Actor,
  ERROR_CODES,
  INVENTORY_MESSAGES,
  InventoryFilter,
  InventoryItem,
  InventoryItemInput,
} from '@cincy/contracts';
import { DomainError, Outbox, Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ServiceRecordEntity } from '../service-records/service-record.entity';
import { InventoryItemEntity } from './inventory-item.entity';
import { InventoryTransactionEntity } from './inventory-transaction.entity';

export const toInventoryItem = (i: InventoryItemEntity): InventoryItem => ({
  id: i.id,
  name: i.name,
  description: i.description,
  sku: i.sku,
  category: i.category,
  quantity: i.quantity,
  minQuantity: i.minQuantity,
  unitCost: Number(i.unitCost),
  notes: i.notes,
});

@Injectable()
export class ItemsService {
  private readonly items: Repository<InventoryItemEntity>;

  constructor(
    dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {
    this.items = dataSource.getRepository(InventoryItemEntity);
  }

  /** Active items by name; `lowStock` keeps those at or below their minimum. */
  async list(query: InventoryFilter): Promise<InventoryItem[]> {
    const q = this.items.createQueryBuilder('i').where('i.is_active').orderBy('i.name');
    if (query.category) q.andWhere('i.category = :category', { category: query.category });
    if (query.lowStock) q.andWhere('i.quantity <= i.min_quantity');
    return (await q.getMany()).map(toInventoryItem);
  }

  /** POST /api/inventory: the new item and its opening stock, recorded. */
  async create(input: InventoryItemInput, actor: Actor): Promise<InventoryItem> {
    return this.outbox.transaction(async (tx) => {
      const item = await tx.manager.save(
        tx.manager.create(InventoryItemEntity, { ...input, unitCost: String(input.unitCost) }),
      );
      await record(tx.manager, item, 0, 'created', 'Item added', actor);
      return announce(tx, item);
    });
  }

  /**
   * PUT /api/inventory/{id}: the form sends the whole item; a changed quantity is recorded as an
   * adjustment from what was stored, any other change as an edit.
   */
  async update(id: number, input: InventoryItemInput, actor: Actor): Promise<InventoryItem> {
    return this.outbox.transaction(async (tx) => {
      const item = await lockItem(tx.manager, id);
      const previous = item.quantity;
      Object.assign(item, { ...input, unitCost: String(input.unitCost) });
      await tx.manager.save(item);
      const adjusted = item.quantity !== previous;
      await record(
        tx.manager,
        item,
        previous,
        adjusted ? 'adjusted' : 'edited',
        adjusted ? 'Stock counted' : 'Details edited',
        actor,
      );
      return announce(tx, item);
    });
  }

  /**
   * DELETE /api/inventory/{id}: an item a service record points to is retired (kept, hidden from
   * lists) so history and warranty lookups still name it; one never used is erased with its own
   * stock history.
   */
  async remove(id: number, actor: Actor): Promise<{ message: string; retired: boolean }> {
    return this.outbox.transaction(async (tx) => {
      const item = await lockItem(tx.manager, id);
      const used = await tx.manager.existsBy(ServiceRecordEntity, { inventoryItemId: id });
      if (used) {
        item.isActive = false;
        await tx.manager.save(item);
        await record(tx.manager, item, item.quantity, 'retired', 'Removed from the list', actor);
      } else {
        await tx.manager.delete(InventoryItemEntity, { id });
      }
      await tx.emit('inventory.item.removed', { itemId: id });
      return { message: INVENTORY_MESSAGES.deletedDescription, retired: used };
    });
  }
}

async function lockItem(manager: EntityManager, id: number): Promise<InventoryItemEntity> {
  const item = await manager.findOne(InventoryItemEntity, {
    where: { id, isActive: true },
    lock: { mode: 'pessimistic_write' },
  });
  if (!item) throw new DomainError(ERROR_CODES.notFound, INVENTORY_MESSAGES.notFound);
  return item;
}

/** Every change of an item writes its inventory_transactions row (quantity before and after). */
async function record(
  manager: EntityManager,
  item: InventoryItemEntity,
  previousQuantity: number,
  transactionType: string,
  reason: string,
  actor: Actor,
): Promise<void> {
  await manager.insert(InventoryTransactionEntity, {
    itemId: item.id,
    transactionType,
    quantityChange: item.quantity - previousQuantity,
    previousQuantity,
    newQuantity: item.quantity,
    reason,
    userId: actor.id,
    userName: actor.name,
  });
}

async function announce(tx: Transaction, entity: InventoryItemEntity): Promise<InventoryItem> {
  const item = toInventoryItem(entity);
  await tx.emit('inventory.item.changed', { item });
  return item;
}
