import { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomersCopy1732500000001 implements MigrationInterface {
  name = 'CustomersCopy1732500000001';

  async up(runner: QueryRunner): Promise<void> {
    // Whose battery a serial is, for Battery Search: booking's customers as its events tell.
    await runner.query(`
      CREATE TABLE customers (
        id integer PRIMARY KEY,
        name text NOT NULL,
        phone text NOT NULL
      )`);
    // An erased item takes its own stock history with it; a retired one keeps it.
    await runner.query(
      'ALTER TABLE inventory_transactions DROP CONSTRAINT inventory_transactions_item_id_fkey',
    );
    await runner.query(`
      ALTER TABLE inventory_transactions ADD CONSTRAINT inventory_transactions_item_id_fkey
        FOREIGN KEY (item_id) REFERENCES inventory_items (id) ON DELETE CASCADE`);
    await runner.query(
      'CREATE INDEX service_records_item_idx ON service_records (inventory_item_id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX service_records_item_idx');
    await runner.query('DROP TABLE customers');
  }
}
