import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether the customer kept the old battery (issue 36: the core charge); before: taken. */
export class OldBatteryKept1733600000001 implements MigrationInterface {
  name = 'OldBatteryKept1733600000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE service_records ADD COLUMN old_battery_kept boolean NOT NULL DEFAULT false',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE service_records DROP COLUMN old_battery_kept');
  }
}
