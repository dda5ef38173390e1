import { MigrationInterface, QueryRunner } from 'typeorm';

/** A technician may hand an assigned job back, saying why; the board shows it until it moves on. */
export class HandBack1732700000001 implements MigrationInterface {
  name = 'HandBack1732700000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE board_appointments
        ADD COLUMN hand_back_by text,
        ADD COLUMN hand_back_reason text,
        ADD COLUMN hand_back_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE board_appointments
        DROP COLUMN hand_back_by,
        DROP COLUMN hand_back_reason,
        DROP COLUMN hand_back_at`);
  }
}
