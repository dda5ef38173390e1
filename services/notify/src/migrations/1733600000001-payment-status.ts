import { MigrationInterface, QueryRunner } from 'typeorm';

/** The visit's invoice state, from billing's events: a reminder of a paid invoice is dropped. */
export class PaymentStatus1733600000001 implements MigrationInterface {
  name = 'PaymentStatus1733600000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments ADD COLUMN payment_status text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments DROP COLUMN payment_status');
  }
}
