import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The photos taken on a job and the customer's signature (issue 35): the bytes are in the object
 * store under `object_key` (never served by it: GET /api/photos/{id} checks who asks).
 */
export class JobPhotos1733400000002 implements MigrationInterface {
  name = 'JobPhotos1733400000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE job_photos (
        id serial PRIMARY KEY,
        appointment_id integer NOT NULL REFERENCES board_appointments (id),
        kind text NOT NULL CHECK (kind IN ('label', 'old', 'signature')),
        object_key text NOT NULL UNIQUE,
        content_type text NOT NULL,
        bytes integer NOT NULL,
        signed_by text,
        technician_id integer,
        technician_name text,
        taken_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX job_photos_appointment_idx ON job_photos (appointment_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE job_photos');
  }
}
