import { MigrationInterface, QueryRunner } from 'typeorm';

export class LifecycleAndMetrics1732400000001 implements MigrationInterface {
  name = 'LifecycleAndMetrics1732400000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE board_appointments
        ADD COLUMN version integer NOT NULL DEFAULT 1,
        ADD COLUMN accepted_at timestamptz,
        ADD COLUMN en_route_at timestamptz,
        ADD COLUMN on_location_at timestamptz,
        ADD COLUMN completed_at timestamptz`);
    // "Does this technician already have an active job?" is asked on every accept.
    await runner.query(`
      CREATE INDEX board_active_technician_idx ON board_appointments (technician_id)
        WHERE status IN ('accepted', 'en_route', 'on_location')`);
    await runner.query(`
      CREATE TABLE technicians (
        user_id integer PRIMARY KEY,
        username text NOT NULL,
        name text NOT NULL,
        role text NOT NULL,
        online_since timestamptz
      )`);
    await runner.query(`
      CREATE TABLE job_metrics (
        id serial PRIMARY KEY,
        user_id integer,
        appointment_id integer NOT NULL UNIQUE,
        job_start_time timestamptz,
        job_end_time timestamptz NOT NULL,
        arrival_time timestamptz,
        location_marked_time timestamptz,
        travel_time integer,
        job_duration integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE daily_metrics (
        id serial PRIMARY KEY,
        metric_date date NOT NULL UNIQUE,
        total_tasks_completed integer NOT NULL DEFAULT 0,
        total_available_hours numeric(10, 4) NOT NULL DEFAULT 0,
        total_install_time integer NOT NULL DEFAULT 0,
        total_install_count integer NOT NULL DEFAULT 0,
        tasks_per_available_hour numeric(6, 1) NOT NULL DEFAULT 0,
        average_install_time integer NOT NULL DEFAULT 0,
        last_updated timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE daily_metrics');
    await runner.query('DROP TABLE job_metrics');
    await runner.query('DROP TABLE technicians');
    await runner.query('DROP INDEX board_active_technician_idx');
    await runner.query(`
      ALTER TABLE board_appointments
        DROP COLUMN version, DROP COLUMN accepted_at, DROP COLUMN en_route_at,
        DROP COLUMN on_location_at, DROP COLUMN completed_at`);
  }
}
