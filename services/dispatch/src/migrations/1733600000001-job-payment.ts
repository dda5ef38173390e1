import { MigrationInterface, QueryRunner } from 'typeorm';

/** The job's invoice as billing last told it (issue 36): the board shows paid or not. */
export class JobPayment1733600000001 implements MigrationInterface {
  name = 'JobPayment1733600000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments ADD COLUMN payment jsonb');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments DROP COLUMN payment');
  }
}
