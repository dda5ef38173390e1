import { MigrationInterface, QueryRunner } from 'typeorm';

/** The ASAP queue as last computed: what the board lists and what the next change compares with. */
export class AppointmentQueue1732700000003 implements MigrationInterface {
  name = 'AppointmentQueue1732700000003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE appointment_queue (
        appointment_id integer PRIMARY KEY,
        position integer NOT NULL,
        technician_id integer,
        estimated_wait_minutes integer,
        estimated_arrival_at timestamptz,
        status text NOT NULL DEFAULT 'waiting',
        computed_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE appointment_queue');
  }
}
