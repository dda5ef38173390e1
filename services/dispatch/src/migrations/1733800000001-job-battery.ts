import { MigrationInterface, QueryRunner } from 'typeorm';

/** The battery to bring (issue 37): booking's match from the vehicle, carried by its event. */
export class JobBattery1733800000001 implements MigrationInterface {
  name = 'JobBattery1733800000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments ADD COLUMN battery jsonb');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE board_appointments DROP COLUMN battery');
  }
}
