import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who works when (a weekly pattern, and exceptions for single dates), the business's dispatch
 * settings (one row), and each technician's last known position for suggestions.
 */
export class SchedulesAndSettings1732700000002 implements MigrationInterface {
  name = 'SchedulesAndSettings1732700000002';

  async up(runner: QueryRunner): Promise<void> {
    // Minutes since midnight; 1440 ends a shift at midnight.
    await runner.query(`
      CREATE TABLE technician_availability (
        id serial PRIMARY KEY,
        technician_id integer NOT NULL,
        weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6),
        start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1440),
        end_minute smallint NOT NULL CHECK (end_minute BETWEEN 0 AND 1440),
        CHECK (start_minute < end_minute)
      )`);
    await runner.query(
      'CREATE INDEX technician_availability_technician_idx ON technician_availability (technician_id)',
    );
    // A date's shifts replace the pattern for that date; an empty list is a day off.
    await runner.query(`
      CREATE TABLE technician_availability_exceptions (
        technician_id integer NOT NULL,
        date date NOT NULL,
        shifts jsonb NOT NULL,
        PRIMARY KEY (technician_id, date)
      )`);
    await runner.query(`
      CREATE TABLE dispatch_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        auto_dispatch boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('INSERT INTO dispatch_settings (id) VALUES (1)');
    await runner.query(`
      ALTER TABLE technicians
        ADD COLUMN last_lat double precision,
        ADD COLUMN last_lng double precision,
        ADD COLUMN last_position_at timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE technicians
        DROP COLUMN last_lat, DROP COLUMN last_lng, DROP COLUMN last_position_at`);
    await runner.query('DROP TABLE dispatch_settings');
    await runner.query('DROP TABLE technician_availability_exceptions');
    await runner.query('DROP TABLE technician_availability');
  }
}
