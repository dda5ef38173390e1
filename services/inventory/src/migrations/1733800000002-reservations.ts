import { MigrationInterface, QueryRunner } from 'typeorm';

/** A booked visit counts on a battery of its type until it is done or let go (ADR 0119). */
export class Reservations1733800000002 implements MigrationInterface {
  name = 'Reservations1733800000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE reservations (
        appointment_id integer PRIMARY KEY,
        group_size text NOT NULL,
        technology text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE reservations');
  }
}
