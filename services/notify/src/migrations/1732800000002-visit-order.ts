import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the sender's claim checks a message against as it goes (ADR 0097). */
export class VisitOrder1732800000002 implements MigrationInterface {
  name = 'VisitOrder1732800000002';

  async up(runner: QueryRunner): Promise<void> {
    // When the message's step happened: a visit's messages go out in this order.
    await runner.query('ALTER TABLE messages ADD COLUMN occurred_at timestamptz');
    await runner.query('UPDATE messages SET occurred_at = created_at');
    await runner.query('ALTER TABLE messages ALTER COLUMN occurred_at SET NOT NULL');
    // Dispatch's status of the visit (and its version: the newest view wins), from the steps.
    await runner.query(
      'ALTER TABLE appointments ADD COLUMN status text, ADD COLUMN version integer',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments DROP COLUMN status, DROP COLUMN version');
    await runner.query('ALTER TABLE messages DROP COLUMN occurred_at');
  }
}
