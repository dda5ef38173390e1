import { MigrationInterface, QueryRunner } from 'typeorm';

export class TechnicianSchedules1732700000001 implements MigrationInterface {
  name = 'TechnicianSchedules1732700000001';

  async up(runner: QueryRunner): Promise<void> {
    // Keyed by identity's user id (as dispatch names technicians), not the technicians row: the
    // two copies come from different streams and may arrive in either order.
    await runner.query(`
      CREATE TABLE technician_schedules (
        technician_id integer PRIMARY KEY,
        facts jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE technician_schedules');
  }
}
