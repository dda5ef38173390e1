import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A battery serial is installed once: a unique index on the installed serial. Serials already
 * installed twice are kept (they are history) but reported, and the later records of each are
 * flagged as legacy duplicates, which the index leaves out. Inventory's copy of the jobs goes:
 * completions are decided by dispatch now, on its live state.
 */
export class SerialsInstalledOnce1732600000001 implements MigrationInterface {
  name = 'SerialsInstalledOnce1732600000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE service_records
        ADD COLUMN legacy_duplicate_serial boolean NOT NULL DEFAULT false`);
    // An UPDATE answers [rows, rowCount] through TypeORM.
    const [duplicates]: [{ id: number; serial: string; appointment_id: number }[], number] =
      await runner.query(`
        WITH ranked AS (
          SELECT id, row_number() OVER (
                   PARTITION BY lower(battery_serial_number) ORDER BY completed_at, id) AS n
            FROM service_records WHERE battery_serial_number IS NOT NULL)
        UPDATE service_records r SET legacy_duplicate_serial = true
          FROM ranked WHERE ranked.id = r.id AND ranked.n > 1
        RETURNING r.id, r.battery_serial_number AS serial, r.appointment_id`);
    if (duplicates.length > 0) {
      // Reported, not refused: the records are real history; staff decide which serial was misread.
      console.warn(
        JSON.stringify({
          level: 40,
          time: Date.now(),
          service: 'inventory',
          msg: 'battery serials installed more than once, kept as legacy duplicates',
          duplicates,
        }),
      );
    }
    await runner.query(`
      CREATE UNIQUE INDEX service_records_serial_installed_once
        ON service_records (lower(battery_serial_number))
        WHERE battery_serial_number IS NOT NULL AND NOT legacy_duplicate_serial`);
    await runner.query('DROP TABLE appointments');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE appointments (
        id integer PRIMARY KEY,
        customer_id integer NOT NULL,
        status text NOT NULL,
        technician_id integer,
        technician_username text,
        technician_name text,
        version integer NOT NULL
      )`);
    await runner.query('DROP INDEX service_records_serial_installed_once');
    await runner.query('ALTER TABLE service_records DROP COLUMN legacy_duplicate_serial');
  }
}
