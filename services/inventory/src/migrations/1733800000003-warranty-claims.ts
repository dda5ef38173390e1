import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warranty claims opened from a failing test, before the swap (issue 37): one per battery (a
 * battery fails once). A warranty replacement of it is the claim's end; one made without an
 * opened claim is a claim too (ADR 0116).
 */
export class WarrantyClaims1733800000003 implements MigrationInterface {
  name = 'WarrantyClaims1733800000003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE warranty_claims (
        id serial PRIMARY KEY,
        appointment_id integer NOT NULL,
        customer_id integer NOT NULL,
        serial text NOT NULL,
        opened_at timestamptz NOT NULL DEFAULT now(),
        opened_by integer,
        opened_by_name text
      )`);
    await runner.query(
      'CREATE UNIQUE INDEX warranty_claims_serial ON warranty_claims (lower(serial))',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE warranty_claims');
  }
}
