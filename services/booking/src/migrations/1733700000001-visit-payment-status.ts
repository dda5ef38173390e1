import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The state of a visit's invoice (issue 36: paid, partly paid, unpaid on the customer's record),
 * copied from dispatch's appointment events with the rest of the visit's newest version; null
 * until it is billed.
 */
export class VisitPaymentStatus1733700000001 implements MigrationInterface {
  name = 'VisitPaymentStatus1733700000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments ADD COLUMN payment_status text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE appointments DROP COLUMN payment_status');
  }
}
