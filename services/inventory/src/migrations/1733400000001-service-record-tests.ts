import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A service record keeps the job's battery tests as they were at completion (issue 35): the
 * evidence a warranty claim and the receipt are judged on, never changed afterwards.
 */
export class ServiceRecordTests1733400000001 implements MigrationInterface {
  name = 'ServiceRecordTests1733400000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "ALTER TABLE service_records ADD COLUMN battery_tests jsonb NOT NULL DEFAULT '[]'",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE service_records DROP COLUMN battery_tests');
  }
}
