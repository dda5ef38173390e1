import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The warranty each item's batteries are sold with (issue 37: 12 months unless an admin says
 * otherwise), and each install's warranty end fixed on its record: a later change of the item
 * changes no warranty already given. Records from before get the one year every battery had.
 */
export class WarrantyMonths1733700000002 implements MigrationInterface {
  name = 'WarrantyMonths1733700000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE inventory_items ADD COLUMN warranty_months integer NOT NULL DEFAULT 12
        CHECK (warranty_months BETWEEN 0 AND 120)`);
    await runner.query(`
      ALTER TABLE service_records ADD COLUMN warranty_ends_on text
        CHECK (warranty_ends_on ~ '^\\d{4}-\\d{2}-\\d{2}$')`);
    await runner.query(`
      UPDATE service_records
         SET warranty_ends_on = to_char(
               ((completed_at AT TIME ZONE 'America/New_York')::date + interval '1 year')::date,
               'YYYY-MM-DD')
       WHERE service_code IN ('battery_installed', 'warranty_replacement')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE service_records DROP COLUMN warranty_ends_on');
    await runner.query('ALTER TABLE inventory_items DROP COLUMN warranty_months');
  }
}
