import { MigrationInterface, QueryRunner } from 'typeorm';

export class ErasedCustomers1733900000001 implements MigrationInterface {
  name = 'ErasedCustomers1733900000001';

  async up(runner: QueryRunner): Promise<void> {
    // A deleted customer's id stays here: a booking event applied after the deletion (replicas,
    // a batch's retry) neither brings their copy back nor makes a message for them.
    await runner.query('CREATE TABLE erased_customers (customer_id integer PRIMARY KEY)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE erased_customers');
  }
}
