import { MigrationInterface, QueryRunner } from 'typeorm';

export class AppointmentIdempotencyKey1732600000001 implements MigrationInterface {
  name = 'AppointmentIdempotencyKey1732600000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE appointments
        ADD COLUMN idempotency_key text,
        ADD COLUMN request_fingerprint text`);
    // Per customer: a key is the client's, and it is what makes two concurrent sends one booking.
    // Rows without a key (every booking before, and callers that send none) are never compared.
    await runner.query(`
      CREATE UNIQUE INDEX appointments_idempotency_key_idx
        ON appointments (customer_id, idempotency_key) WHERE idempotency_key IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX appointments_idempotency_key_idx');
    await runner.query(
      'ALTER TABLE appointments DROP COLUMN idempotency_key, DROP COLUMN request_fingerprint',
    );
  }
}
