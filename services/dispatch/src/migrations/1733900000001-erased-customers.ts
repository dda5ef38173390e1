import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted customer's id stays here (ADR 0126): a booking or an edit of theirs applied after the
 * deletion (two consumers, a batch's retry, replicas) never brings their details back to the board.
 */
export class ErasedCustomers1733900000001 implements MigrationInterface {
  name = 'ErasedCustomers1733900000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE erased_customers (customer_id integer PRIMARY KEY)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE erased_customers');
  }
}
