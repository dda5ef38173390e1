import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments taken for invoices (issue 36): cash and checks now, cards and refunds next; and the
 * office's list of invoices, newest first.
 */
export class Payments1733600000002 implements MigrationInterface {
  name = 'Payments1733600000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE payments (
        id serial PRIMARY KEY,
        invoice_id integer NOT NULL REFERENCES invoices (id),
        method text NOT NULL,
        amount_cents integer NOT NULL,
        check_number text,
        received_at timestamptz NOT NULL,
        recorded_by integer NOT NULL
      )`);
    await runner.query('CREATE INDEX payments_invoice_idx ON payments (invoice_id)');
    await runner.query('CREATE INDEX invoices_issued_idx ON invoices (issued_at DESC, id DESC)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX invoices_issued_idx');
    await runner.query('DROP TABLE payments');
  }
}
