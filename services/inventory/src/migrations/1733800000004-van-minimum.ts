import { MigrationInterface, QueryRunner } from 'typeorm';

/** How many of an item each van should carry (issue 37); 0, the default: no van minimum. */
export class VanMinimum1733800000004 implements MigrationInterface {
  name = 'VanMinimum1733800000004';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE inventory_items ADD COLUMN van_min_quantity integer NOT NULL DEFAULT 0
        CHECK (van_min_quantity BETWEEN 0 AND 100)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE inventory_items DROP COLUMN van_min_quantity');
  }
}
