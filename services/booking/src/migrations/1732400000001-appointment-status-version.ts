import { MigrationInterface, QueryRunner } from 'typeorm';

export class AppointmentStatusVersion1732400000001 implements MigrationInterface {
  name = 'AppointmentStatusVersion1732400000001';

  async up(runner: QueryRunner): Promise<void> {
    // dispatch's version of the status booking last applied: a late event never undoes a newer one.
    await runner.query(
      'ALTER TABLE appointments ADD COLUMN status_version integer NOT NULL DEFAULT 0',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments DROP COLUMN status_version');
  }
}
