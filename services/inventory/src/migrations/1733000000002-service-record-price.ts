import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each service record keeps what the customer paid, so reports add up stored prices instead of
 * pricing history again with today's list. Existing records get the price `servicePrice`
 * (libs/contracts, notify/messages.ts) gives them: an install is AGM 210 when the item's name says
 * AGM, else 165 (also with no item on record); anything else is free.
 */
export class ServiceRecordPrice1733000000002 implements MigrationInterface {
  name = 'ServiceRecordPrice1733000000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE service_records ADD COLUMN price numeric(10, 2) NOT NULL DEFAULT 0',
    );
    // \m and \M: word boundaries, as \b in the contracts' /\bAGM\b/i.
    await runner.query(`
      UPDATE service_records r
         SET price = CASE
               WHEN (SELECT i.name FROM inventory_items i WHERE i.id = r.inventory_item_id)
                    ~* '\\mAGM\\M' THEN 210
               ELSE 165 END
       WHERE r.service_code = 'battery_installed'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE service_records DROP COLUMN price');
  }
}
