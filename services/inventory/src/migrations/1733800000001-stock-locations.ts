import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock where it is (issue 37, ADR 0118): the warehouse and a van per technician. A van's units
 * are rows of `van_stock`; the warehouse holds the rest of an item's quantity, so every count,
 * receipt and write-off made before (and since) stays the warehouse's without a row of its own.
 */
export class StockLocations1733800000001 implements MigrationInterface {
  name = 'StockLocations1733800000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE stock_locations (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('warehouse', 'van')),
        name text NOT NULL,
        technician_id integer UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `INSERT INTO stock_locations (id, kind, name) VALUES (1, 'warehouse', 'Warehouse')`,
    );
    await runner.query(`SELECT setval(pg_get_serial_sequence('stock_locations', 'id'), 1)`);
    await runner.query(`
      CREATE TABLE van_stock (
        item_id integer NOT NULL REFERENCES inventory_items (id) ON DELETE CASCADE,
        location_id integer NOT NULL REFERENCES stock_locations (id),
        quantity integer NOT NULL CHECK (quantity >= 0),
        PRIMARY KEY (item_id, location_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE van_stock');
    await runner.query('DROP TABLE stock_locations');
  }
}
