import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each technician's schedule's number, one more at each change it announces (ADR 0126): the
 * copies apply only a newer one. Apart from `technicians`, whose row goes with the user, so the
 * number of a deleted technician's emptied schedule is the last.
 */
export class ScheduleVersions1733900000002 implements MigrationInterface {
  name = 'ScheduleVersions1733900000002';

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
