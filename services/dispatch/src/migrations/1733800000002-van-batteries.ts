import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each technician's van holds (issue 37), kept from inventory's item events: the suggestions
 * prefer a van carrying the job's battery.
 */
export class VanBatteries1733800000002 implements MigrationInterface {
  name = 'VanBatteries1733800000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE van_batteries (
        technician_id integer NOT NULL,
        item_id integer NOT NULL,
        group_size text NOT NULL,
        technology text NOT NULL,
        quantity integer NOT NULL,
        PRIMARY KEY (technician_id, item_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE van_batteries');
  }
}
