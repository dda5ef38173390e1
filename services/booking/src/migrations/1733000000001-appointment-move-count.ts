import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How often a visit was moved (issue 32): booking performs every move, so it counts them in the
 * same transaction and the customer's record reads its own table, not dispatch's history.
 * Visits moved before this column start at 0.
 */
export class AppointmentMoveCount1733000000001 implements MigrationInterface {
  name = 'AppointmentMoveCount1733000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments ADD COLUMN move_count integer NOT NULL DEFAULT 0');
    // The record lists a customer's visits newest first.
    await runner.query(
      'CREATE INDEX appointments_customer_requested ON appointments (customer_id, requested_at DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX appointments_customer_requested');
    await runner.query('ALTER TABLE appointments DROP COLUMN move_count');
  }
}
