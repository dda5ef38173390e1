import {
  InventoryFilter,
  InventoryItem,
  STOCK_MOVEMENTS_LIMIT,
  StockMovement,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { InventoryItemEntity } from './inventory-item.entity';
import { toInventoryItem } from './inventory-item.mapper';
import { InventoryTransactionEntity } from './inventory-transaction.entity';

/** One row of inventory_transactions: a change of an item's quantity, and why. */
export type StockMovementRow = Omit<InventoryTransactionEntity, 'id' | 'createdAt' | 'notes'>;

/** Every statement on inventory_items and inventory_transactions. */
@Injectable()
export class ItemsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Active items by name; `lowStock` keeps those at or below their minimum. */
  async list(filter: InventoryFilter): Promise<InventoryItem[]> {
    const q = this.dataSource.manager
      .createQueryBuilder(InventoryItemEntity, 'i')
      .where('i.is_active')
      .orderBy('i.name');
    if (filter.category) q.andWhere('i.category = :category', { category: filter.category });
    if (filter.lowStock) q.andWhere('i.quantity <= i.min_quantity');
    return (await q.getMany()).map(toInventoryItem);
  }

  insert(manager: EntityManager, item: Partial<InventoryItemEntity>): Promise<InventoryItemEntity> {
    return manager.save(manager.create(InventoryItemEntity, item));
  }

  /** An active item, its row locked until the transaction ends; null when unknown. */
  lock(manager: EntityManager, id: number): Promise<InventoryItemEntity | null> {
    return manager.findOne(InventoryItemEntity, {
      where: { id, isActive: true },
      lock: { mode: 'pessimistic_write' },
    });
  }

  save(manager: EntityManager, item: InventoryItemEntity): Promise<InventoryItemEntity> {
    return manager.save(item);
  }

  async erase(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(InventoryItemEntity, { id });
  }

  /** Was the item ever put in a car (a movement that names a service record)? */
  async usedOnAJob(manager: EntityManager, itemId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM inventory_transactions
        WHERE item_id = $1 AND service_record_id IS NOT NULL LIMIT 1`,
      [itemId],
    );
    return rows.length > 0;
  }

  /**
   * Takes one unit; the item as it now is, or null when none was left (or it is not active). The
   * conditional update is the guard: of any number of concurrent takers only as many as there
   * are units succeed.
   */
  async takeOne(manager: EntityManager, itemId: number): Promise<InventoryItemEntity | null> {
    // An UPDATE answers [rows, rowCount] through TypeORM.
    const [, taken]: [unknown[], number] = await manager.query(
      `UPDATE inventory_items SET quantity = quantity - 1, updated_at = now()
        WHERE id = $1 AND is_active AND quantity > 0`,
      [itemId],
    );
    return taken === 0 ? null : manager.findOneByOrFail(InventoryItemEntity, { id: itemId });
  }

  exists(manager: EntityManager, itemId: number): Promise<boolean> {
    return manager.existsBy(InventoryItemEntity, { id: itemId, isActive: true });
  }

  /** Writes the row; answers it as stored (its id and time). */
  async recordMovement(
    manager: EntityManager,
    movement: StockMovementRow,
  ): Promise<InventoryTransactionEntity> {
    return manager.save(manager.create(InventoryTransactionEntity, movement));
  }

  /** An item's movements, newest first (id breaks ties within one transaction's time). */
  async movementsOf(itemId: number): Promise<StockMovement[]> {
    const rows = await this.dataSource.manager.find(InventoryTransactionEntity, {
      where: { itemId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: STOCK_MOVEMENTS_LIMIT,
    });
    return rows.map(toStockMovement);
  }

  /** Any item, active or retired: a retired one's history stays readable. */
  itemExists(itemId: number): Promise<boolean> {
    return this.dataSource.manager.existsBy(InventoryItemEntity, { id: itemId });
  }
}

export const toStockMovement = (t: InventoryTransactionEntity): StockMovement => ({
  id: t.id,
  itemId: t.itemId,
  type: t.transactionType,
  quantityChange: t.quantityChange,
  previousQuantity: t.previousQuantity,
  newQuantity: t.newQuantity,
  reason: t.reason,
  appointmentId: t.appointmentId,
  userId: t.userId,
  userName: t.userName,
  createdAt: t.createdAt.toISOString(),
});
