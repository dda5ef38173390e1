import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every service's outbox and inbox, in its own schema (docs/adr/0006-outbox-and-inbox.md). */
export class PlatformTables1732200000000 implements MigrationInterface {
  name = 'PlatformTables1732200000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`
      CREATE TABLE "${schema}".outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        version integer NOT NULL,
        payload jsonb NOT NULL,
        correlation_id text NOT NULL,
        occurred_at timestamptz NOT NULL,
        published_at timestamptz
      )`);
    await runner.query(
      `CREATE INDEX outbox_unpublished_idx ON "${schema}".outbox (seq) WHERE published_at IS NULL`,
    );
    await runner.query(`
      CREATE TABLE "${schema}".inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`DROP TABLE "${schema}".inbox`);
    await runner.query(`DROP TABLE "${schema}".outbox`);
  }
}
