import {
  InventoryFilter,
  InventoryItem,
  STOCK_MOVEMENTS_LIMIT,
  StockMovement,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { TableColumns } from '@cincy/platform';
import { DataSource, EntityManager } from 'typeorm';
import { LocationsRepository } from './locations.repository';
import { InventoryItemEntity } from './inventory-item.entity';
import { toInventoryItem } from './inventory-item.mapper';
import { InventoryTransactionEntity } from './inventory-transaction.entity';

/** One row of inventory_transactions: a change of an item's quantity, and why. */
export type StockMovementRow = Omit<InventoryTransactionEntity, 'id' | 'createdAt' | 'notes'>;

/** `inventory_items`, read into `InventoryItemEntity`s. */
const ITEMS = new TableColumns<InventoryItemEntity>('inventory_items', [
  ['id', 'id'],
  ['name', 'name'],
  ['description', 'description'],
  ['sku', 'sku'],
  ['category', 'category'],
  ['quantity', 'quantity'],
  ['min_quantity', 'minQuantity'],
  ['unit_cost', 'unitCost'],
  ['price_cents', 'priceCents'],
  ['warranty_months', 'warrantyMonths'],
  ['van_min_quantity', 'vanMinQuantity'],
  ['notes', 'notes'],
  ['is_active', 'isActive'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
]);

/** `inventory_transactions`, read into `InventoryTransactionEntity`s. */
const MOVEMENTS = new TableColumns<InventoryTransactionEntity>('inventory_transactions', [
  ['id', 'id'],
  ['item_id', 'itemId'],
  ['transaction_type', 'transactionType'],
  ['quantity_change', 'quantityChange'],
  ['previous_quantity', 'previousQuantity'],
  ['new_quantity', 'newQuantity'],
  ['reason', 'reason'],
  ['appointment_id', 'appointmentId'],
  ['service_record_id', 'serviceRecordId'],
  ['user_id', 'userId'],
  ['user_name', 'userName'],
  ['notes', 'notes'],
  ['created_at', 'createdAt'],
]);

/** Every statement on inventory_items and inventory_transactions. */
@Injectable()
export class ItemsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: LocationsRepository,
  ) {}

  /** Active items by name; `lowStock` keeps those at or below their minimum. */
  async list(filter: InventoryFilter): Promise<InventoryItem[]> {
    const rows = await ITEMS.select(
      this.dataSource.manager,
      `WHERE a.is_active AND ($1::text IS NULL OR a.category = $1)
         AND (NOT $2 OR a.quantity <= a.min_quantity)
       ORDER BY a.name`,
      [filter.category ?? null, filter.lowStock === true],
    );
    const vans = await this.locations.vansHolding(
      this.dataSource.manager,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toInventoryItem(r, vans.get(r.id)));
  }

  /** An item as answered and announced: with where its units are. */
  async asItem(manager: EntityManager, item: InventoryItemEntity): Promise<InventoryItem> {
    const vans = await this.locations.vansHolding(manager, [item.id]);
    return toInventoryItem(item, vans.get(item.id));
  }

  /** How many of an item the vans hold: a count may not leave the warehouse below zero. */
  async inVans(manager: EntityManager, itemId: number): Promise<number> {
    const vans = (await this.locations.vansHolding(manager, [itemId])).get(itemId) ?? [];
    return vans.reduce((n, v) => n + v.quantity, 0);
  }

  insert(manager: EntityManager, item: Partial<InventoryItemEntity>): Promise<InventoryItemEntity> {
    return ITEMS.insert(manager, item);
  }

  /** An active item, its row locked until the transaction ends; null when unknown. */
  async lock(manager: EntityManager, id: number): Promise<InventoryItemEntity | null> {
    const [item] = await ITEMS.select(manager, 'WHERE a.id = $1 AND a.is_active FOR UPDATE', [id]);
    return item ?? null;
  }

  /** The item's fields as they now are, stamped as changed now; answers it as stored. */
  async save(manager: EntityManager, item: InventoryItemEntity): Promise<InventoryItemEntity> {
    return (await ITEMS.update(manager, { ...item, updatedAt: new Date() }, ['id', 'id']))!;
  }

  async erase(manager: EntityManager, id: number): Promise<void> {
    await manager.query('DELETE FROM inventory_items WHERE id = $1', [id]);
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
    if (taken === 0) return null;
    const [item] = await ITEMS.select(manager, 'WHERE a.id = $1', [itemId]);
    return item;
  }

  async exists(manager: EntityManager, itemId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM inventory_items WHERE id = $1 AND is_active',
      [itemId],
    );
    return rows.length > 0;
  }

  /** Writes the row; answers it as stored (its id and time). */
  async recordMovement(
    manager: EntityManager,
    movement: StockMovementRow,
  ): Promise<InventoryTransactionEntity> {
    return MOVEMENTS.insert(manager, movement);
  }

  /** An item's movements, newest first (id breaks ties within one transaction's time). */
  async movementsOf(itemId: number): Promise<StockMovement[]> {
    const rows = await MOVEMENTS.select(
      this.dataSource.manager,
      'WHERE a.item_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT $2',
      [itemId, STOCK_MOVEMENTS_LIMIT],
    );
    return rows.map(toStockMovement);
  }

  /** Any item, active or retired: a retired one's history stays readable. */
  async itemExists(itemId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM inventory_items WHERE id = $1',
      [itemId],
    );
    return rows.length > 0;
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
