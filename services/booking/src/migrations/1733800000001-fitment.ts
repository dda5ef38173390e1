import { MigrationInterface, QueryRunner } from 'typeorm';
import { FITMENT_SEED } from '../fitment/fitment-seed';

/**
 * Fitment (issue 37, ADR 0117): which battery a vehicle takes, seeded with the vehicles most
 * common on US roads and edited by admins; each booking keeps the battery it matched.
 */
export class Fitment1733800000001 implements MigrationInterface {
  name = 'Fitment1733800000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE fitments (
        id serial PRIMARY KEY,
        year_from integer NOT NULL,
        year_to integer NOT NULL CHECK (year_to >= year_from),
        make text NOT NULL,
        model text NOT NULL,
        engine text,
        group_size text NOT NULL,
        en_din text,
        technology text NOT NULL CHECK (technology IN ('flooded', 'EFB', 'AGM')),
        min_cca integer NOT NULL,
        start_stop boolean NOT NULL,
        registration boolean NOT NULL,
        source text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX fitments_vehicle ON fitments (lower(make), lower(model))');
    // One statement for the whole seed: each row's values as one JSON array.
    await runner.query(
      `INSERT INTO fitments (year_from, year_to, make, model, engine, group_size, en_din,
                             technology, min_cca, start_stop, registration, source)
       SELECT r."yearFrom", r."yearTo", r.make, r.model, r.engine, r."groupSize", r."enDin",
              r.technology, r."minCca", r."startStop", r.registration, r.source
         FROM jsonb_to_recordset($1::jsonb) AS r("yearFrom" int, "yearTo" int, make text,
              model text, engine text, "groupSize" text, "enDin" text, technology text,
              "minCca" int, "startStop" boolean, registration boolean, source text)`,
      [JSON.stringify(FITMENT_SEED)],
    );
    await runner.query('ALTER TABLE appointments ADD COLUMN battery jsonb');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments DROP COLUMN battery');
    await runner.query('DROP TABLE fitments');
  }
}
