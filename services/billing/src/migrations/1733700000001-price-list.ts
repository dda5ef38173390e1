import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The price list an admin edits (issue 36, ADR 0115): one row, the house's prices to start
 * ($40 installation, a $20 core charge, no charge for a test); and each battery's own price,
 * learnt with its name from inventory's items (null until the item's next event: the house price
 * of its kind then).
 */
export class PriceList1733700000001 implements MigrationInterface {
  name = 'PriceList1733700000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE price_list (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        installation_cents integer NOT NULL CHECK (installation_cents >= 0),
        core_charge_cents integer NOT NULL CHECK (core_charge_cents >= 0),
        test_only_cents integer NOT NULL CHECK (test_only_cents >= 0),
        updated_at timestamptz
      )`);
    await runner.query(
      `INSERT INTO price_list (installation_cents, core_charge_cents, test_only_cents)
       VALUES (4000, 2000, 0)`,
    );
    await runner.query('ALTER TABLE battery_items ADD COLUMN price_cents integer');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE battery_items DROP COLUMN price_cents');
    await runner.query('DROP TABLE price_list');
  }
}
