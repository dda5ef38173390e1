import { MigrationInterface, QueryRunner } from 'typeorm';

export class ErasedCustomers1733100000001 implements MigrationInterface {
  name = 'ErasedCustomers1733100000001';

  async up(runner: QueryRunner): Promise<void> {
    // Inventory now learns a customer when their first job is completed, not from every booking:
    // a deleted customer's id stays here, so a completion racing the deletion never brings their
    // name and phone back.
    await runner.query('CREATE TABLE erased_customers (customer_id integer PRIMARY KEY)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE erased_customers');
  }
}
