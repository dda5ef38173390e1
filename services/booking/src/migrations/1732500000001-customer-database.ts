import { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomerDatabase1732500000001 implements MigrationInterface {
  name = 'CustomerDatabase1732500000001';

  async up(runner: QueryRunner): Promise<void> {
    // Kept as facts change, so the Customer Database never counts history on a read.
    await runner.query(`
      ALTER TABLE customers
        ADD COLUMN total_jobs integer NOT NULL DEFAULT 0,
        ADD COLUMN last_service_at timestamptz`);
    await runner.query(`
      UPDATE customers c SET total_jobs = (
        SELECT count(*) FROM appointments a WHERE a.customer_id = c.id AND a.status <> 'declined')`);
    await runner.query('CREATE INDEX customers_name_idx ON customers (lower(name), id)');
    // A deleted customer's appointments stay (anonymised) for the hour counts.
    await runner.query('ALTER TABLE appointments ALTER COLUMN customer_id DROP NOT NULL');
    await runner.query('ALTER TABLE appointments DROP CONSTRAINT appointments_customer_id_fkey');
    await runner.query(`
      ALTER TABLE appointments ADD CONSTRAINT appointments_customer_id_fkey
        FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE SET NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX customers_name_idx');
    await runner.query('ALTER TABLE customers DROP COLUMN total_jobs, DROP COLUMN last_service_at');
  }
}
