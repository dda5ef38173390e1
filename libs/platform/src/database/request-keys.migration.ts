import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every service's record of the requests it did once per Idempotency-Key (issue 34: a phone's
 * outbox sends a step again when it never heard the answer): the answer given, kept two days.
 */
export class RequestKeys1764200000000 implements MigrationInterface {
  name = 'RequestKeys1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`
      CREATE TABLE "${schema}".request_keys (
        key text PRIMARY KEY,
        fingerprint text NOT NULL,
        answer jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX request_keys_created_idx ON "${schema}".request_keys (created_at)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`DROP TABLE "${schema}".request_keys`);
  }
}
