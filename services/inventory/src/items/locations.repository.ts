import { LocationQuantity, StockLocation } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

interface LocationRow {
  id: number;
  kind: StockLocation['kind'];
  name: string;
  technician_id: number | null;
}

const toLocation = (r: LocationRow): StockLocation => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  technicianId: r.technician_id,
});

/** The places stock is kept, and what each van holds (the warehouse holds the rest). */
@Injectable()
export class LocationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<StockLocation[]> {
    const rows: LocationRow[] = await this.dataSource.query(
      `SELECT id, kind, name, technician_id FROM stock_locations
        ORDER BY kind = 'van', name, id`,
    );
    return rows.map(toLocation);
  }

  async find(manager: EntityManager, id: number): Promise<StockLocation | null> {
    const [row]: LocationRow[] = await manager.query(
      'SELECT id, kind, name, technician_id FROM stock_locations WHERE id = $1',
      [id],
    );
    return row ? toLocation(row) : null;
  }

  /** A technician's van: made on first sight of them, renamed with them. */
  async saveVan(manager: EntityManager, technicianId: number, name: string): Promise<void> {
    await manager.query(
      `INSERT INTO stock_locations (kind, name, technician_id) VALUES ('van', $2, $1)
       ON CONFLICT (technician_id) DO UPDATE SET name = excluded.name`,
      [technicianId, name],
    );
  }

  async vanOf(manager: EntityManager, technicianId: number): Promise<StockLocation | null> {
    const [row]: LocationRow[] = await manager.query(
      'SELECT id, kind, name, technician_id FROM stock_locations WHERE technician_id = $1',
      [technicianId],
    );
    return row ? toLocation(row) : null;
  }

  /** What the vans hold of each item asked (only vans holding some). */
  async vansHolding(
    manager: EntityManager,
    itemIds: readonly number[],
  ): Promise<Map<number, LocationQuantity[]>> {
    const rows: {
      item_id: number;
      location_id: number;
      quantity: number;
      technician_id: number | null;
    }[] = await manager.query(
      `SELECT s.item_id, s.location_id, s.quantity, l.technician_id
         FROM van_stock s JOIN stock_locations l ON l.id = s.location_id
        WHERE s.item_id = ANY($1::int[]) AND s.quantity > 0 ORDER BY s.location_id`,
      [itemIds],
    );
    const held = new Map<number, LocationQuantity[]>();
    for (const r of rows)
      held.set(r.item_id, [
        ...(held.get(r.item_id) ?? []),
        { locationId: r.location_id, quantity: r.quantity, technicianId: r.technician_id },
      ]);
    return held;
  }

  /**
   * Adds `change` units (negative: takes) of an item to a van; false when the van has fewer than
   * it would take (nothing changed). The conditional update is the guard against a race.
   */
  async changeVan(
    manager: EntityManager,
    itemId: number,
    locationId: number,
    change: number,
  ): Promise<boolean> {
    // Taking updates the row it needs (none: nothing to take); adding makes it when missing.
    if (change < 0) {
      // An UPDATE answers [rows, rowCount] through TypeORM.
      const [, taken]: [unknown[], number] = await manager.query(
        `UPDATE van_stock SET quantity = quantity + $3
          WHERE item_id = $1 AND location_id = $2 AND quantity + $3 >= 0`,
        [itemId, locationId, change],
      );
      return taken > 0;
    }
    await manager.query(
      `INSERT INTO van_stock (item_id, location_id, quantity) VALUES ($1, $2, $3)
       ON CONFLICT (item_id, location_id) DO UPDATE SET quantity = van_stock.quantity + $3`,
      [itemId, locationId, change],
    );
    return true;
  }
}
