import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of arrival (issue 35, REQUIRE_ARRIVAL_CODE): a job booked while it is on has a 4-digit code
 * the customer tells the technician at the door; jobs booked before have none and are not asked.
 */
export class ArrivalCode1733500000001 implements MigrationInterface {
  name = 'ArrivalCode1733500000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE board_appointments
        ADD COLUMN arrival_code text CHECK (arrival_code ~ '^[0-9]{4}$'),
        ADD COLUMN arrival_misses smallint NOT NULL DEFAULT 0,
        ADD COLUMN arrival_confirmed boolean`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE board_appointments
        DROP COLUMN arrival_code, DROP COLUMN arrival_misses, DROP COLUMN arrival_confirmed`);
  }
}
