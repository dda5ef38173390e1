import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateInventoryItems1732200000001 implements MigrationInterface {
  name = 'CreateInventoryItems1732200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE inventory_items (
        id serial PRIMARY KEY,
        name text NOT NULL,
        description text,
        sku text,
        category text,
        quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
        min_quantity integer NOT NULL DEFAULT 5 CHECK (min_quantity >= 0),
        unit_cost numeric(10, 2) NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
        notes text,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE inventory_items');
  }
}
