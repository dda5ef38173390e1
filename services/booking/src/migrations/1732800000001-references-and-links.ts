import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReferencesAndLinks1732800000001 implements MigrationInterface {
  name = 'ReferencesAndLinks1732800000001';

  async up(runner: QueryRunner): Promise<void> {
    // What the customer reads over the phone (ADR 0090); unique, drawn at random by the service.
    await runner.query(`
      CREATE TABLE appointment_references (
        appointment_id integer PRIMARY KEY REFERENCES appointments (id) ON DELETE CASCADE,
        reference text NOT NULL UNIQUE
      )`);
    // Private links: the selector is looked up, the verifier only kept as its SHA-256. A booking
    // has several (its first, one per keyed replay, one per "find my booking").
    await runner.query(`
      CREATE TABLE appointment_links (
        selector text PRIMARY KEY,
        verifier_hash bytea NOT NULL,
        appointment_id integer NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX appointment_links_appointment_id_idx ON appointment_links (appointment_id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE appointment_links');
    await runner.query('DROP TABLE appointment_references');
  }
}
