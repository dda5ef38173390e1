import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The booking's reference (`CB-7K3Q9`) on dispatch's copy, so the schedule screen's warning names
 * a job as the customer and the office do (ADR 0102). Jobs copied before it read as null.
 */
export class BoardReferences1733300000102 implements MigrationInterface {
  name = 'BoardReferences1733300000102';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments ADD COLUMN reference text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments DROP COLUMN reference');
  }
}
