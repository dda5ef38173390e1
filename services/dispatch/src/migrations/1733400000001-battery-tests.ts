import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The battery tests taken on a job (issue 35): one row per test as the tester printed it; the
 * optional starter and charging-system results as small JSON objects (read and written whole).
 */
export class BatteryTests1733400000001 implements MigrationInterface {
  name = 'BatteryTests1733400000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE battery_tests (
        id serial PRIMARY KEY,
        appointment_id integer NOT NULL REFERENCES board_appointments (id),
        battery text NOT NULL CHECK (battery IN ('old', 'new')),
        rating_standard text NOT NULL,
        rated_cca integer NOT NULL CHECK (rated_cca BETWEEN 0 AND 2000),
        measured_cca integer NOT NULL CHECK (measured_cca BETWEEN 0 AND 2000),
        voltage numeric(4, 2) NOT NULL CHECK (voltage BETWEEN 0 AND 20),
        state_of_health integer NOT NULL CHECK (state_of_health BETWEEN 0 AND 100),
        decision text NOT NULL,
        starter jsonb,
        charging jsonb,
        test_code text,
        technician_id integer,
        technician_name text,
        tested_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX battery_tests_appointment_idx ON battery_tests (appointment_id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE battery_tests');
  }
}
