import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a customer pays for an item, tax included, in cents (issue 36, ADR 0115): null for what is
 * not sold on its own. The batteries on the list start at the house price of their kind, the
 * published $210 or $165 less the $40 installation (an AGM by the word in its name, as ever).
 */
export class ItemPrices1733700000001 implements MigrationInterface {
  name = 'ItemPrices1733700000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE inventory_items ADD COLUMN price_cents integer CHECK (price_cents >= 0)',
    );
    await runner.query(`
      UPDATE inventory_items
         SET price_cents = CASE WHEN name ~* '\\mAGM\\M' THEN 17000 ELSE 12500 END
       WHERE category IS DISTINCT FROM 'supply'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE inventory_items DROP COLUMN price_cents');
  }
}
