import { MigrationInterface, QueryRunner } from 'typeorm';

/** A customer may cancel their visit from its page, saying why if they want to. */
export class CancelledByCustomer1732800000001 implements MigrationInterface {
  name = 'CancelledByCustomer1732800000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments ADD COLUMN cancel_reason text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments DROP COLUMN cancel_reason');
  }
}
