import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddTechniciansAndSlotIndex1732300000001 implements MigrationInterface {
  name = 'AddTechniciansAndSlotIndex1732300000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE technicians (
        id serial PRIMARY KEY,
        user_id integer UNIQUE,
        name text NOT NULL,
        employee_id text NOT NULL,
        status text NOT NULL DEFAULT 'available',
        current_location text
      )`);
    // Slot counts read one day's scheduled bookings, by hour.
    await runner.query(
      'CREATE INDEX appointments_slot_idx ON appointments (scheduled_date, scheduled_time) WHERE scheduled_date IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX appointments_slot_idx');
    await runner.query('DROP TABLE technicians');
  }
}
