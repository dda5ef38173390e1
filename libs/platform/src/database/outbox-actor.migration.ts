import { MigrationInterface, QueryRunner } from 'typeorm';

/** Events name the signed-in user who caused them (the audit log's "who"); older rows: none. */
export class OutboxActor1733000000000 implements MigrationInterface {
  name = 'OutboxActor1733000000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`ALTER TABLE "${schema}".outbox ADD COLUMN actor_id integer`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`ALTER TABLE "${schema}".outbox DROP COLUMN actor_id`);
  }
}
