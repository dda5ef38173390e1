import { MigrationInterface, QueryRunner } from 'typeorm';

/** Events carry the trace they were emitted in (when tracing is on); older rows: none. */
export class OutboxTraceParent1764100000000 implements MigrationInterface {
  name = 'OutboxTraceParent1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`ALTER TABLE "${schema}".outbox ADD COLUMN trace_parent text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`ALTER TABLE "${schema}".outbox DROP COLUMN trace_parent`);
  }
}
