import { MigrationInterface, QueryRunner } from 'typeorm';

/** Payments taken for invoices (issue 36): cash and checks now, cards and refunds next. */
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
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payments');
  }
}
