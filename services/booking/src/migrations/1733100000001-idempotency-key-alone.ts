import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyKeyAlone1733100000001 implements MigrationInterface {
  name = 'IdempotencyKeyAlone1733100000001';

  // POST /api/bookings finds a repeat by its key alone (its customer is not known before it
  // books): without this, every keyed booking would read the whole table.
  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE INDEX appointments_idempotency_key_alone_idx
        ON appointments (idempotency_key) WHERE idempotency_key IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX appointments_idempotency_key_alone_idx');
  }
}
