import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sender's claim (MessagesRepository.claimDue) reads what is due: queued messages whose time
 * has come, and sending ones whose lease ended. One index over both states had no bound for the
 * second half, so every claim read every queued message, those held for later days too
 * (ADR 0106). One index per half: each read stops at now().
 */
export class DueMessageIndexes1733300000106 implements MigrationInterface {
  name = 'DueMessageIndexes1733300000106';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "CREATE INDEX messages_queued_idx ON messages (next_attempt_at) WHERE state = 'queued'",
    );
    await runner.query(
      "CREATE INDEX messages_lease_idx ON messages (lease_until) WHERE state = 'sending'",
    );
    await runner.query('DROP INDEX messages_due_idx');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE INDEX messages_due_idx ON messages (next_attempt_at)
        WHERE state IN ('queued', 'sending')`);
    await runner.query('DROP INDEX messages_lease_idx');
    await runner.query('DROP INDEX messages_queued_idx');
  }
}
