import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last schedule version applied per technician (ADR 0126): kept apart from
 * technician_schedules, which has no row for an empty schedule, so an emptied schedule's number
 * stays and an older schedule arriving after it changes nothing.
 */
export class ScheduleVersions1733900000001 implements MigrationInterface {
  name = 'ScheduleVersions1733900000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE schedule_versions (
         technician_id integer PRIMARY KEY,
         version integer NOT NULL
       )`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE schedule_versions');
  }
}
