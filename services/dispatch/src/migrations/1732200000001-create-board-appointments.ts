import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBoardAppointments1732200000001 implements MigrationInterface {
  name = 'CreateBoardAppointments1732200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE board_appointments (
        id integer PRIMARY KEY,
        customer_id integer NOT NULL,
        customer_name text NOT NULL,
        customer_phone text NOT NULL,
        location text NOT NULL,
        customer_location jsonb,
        vehicle text,
        preferred_time text,
        scheduled_date date,
        scheduled_time text,
        scheduled_start_time timestamptz,
        notes text,
        priority text NOT NULL DEFAULT 'normal',
        status text NOT NULL DEFAULT 'pending',
        technician_id integer,
        technician_username text,
        technician_name text,
        requested_at timestamptz NOT NULL,
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The board reads open jobs plus today's closed ones; history never slows it down.
    await runner.query(
      'CREATE INDEX board_open_idx ON board_appointments (requested_at) WHERE closed_at IS NULL',
    );
    await runner.query(
      'CREATE INDEX board_closed_idx ON board_appointments (closed_at) WHERE closed_at IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE board_appointments');
  }
}
