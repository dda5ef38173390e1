import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card payments and refunds (issue 36): the payment links made (Checkout Sessions, each behind a
 * short code of ours: /pay/<code> fits a text and a small QR code), each provider
 * event taken once, refunds as negative payments of the payment they give back, and the mismatches
 * the provider reported (flags), never counted as paid.
 */
export class CardPayments1733600000003 implements MigrationInterface {
  name = 'CardPayments1733600000003';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE invoices
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN flags jsonb NOT NULL DEFAULT '[]'`);
    await runner.query(`
      ALTER TABLE payments
        ALTER COLUMN recorded_by DROP NOT NULL,
        ADD COLUMN provider_ref text,
        ADD COLUMN refund_of integer REFERENCES payments (id),
        ADD COLUMN reason text`);
    await runner.query(`
      CREATE TABLE payment_links (
        session_id text PRIMARY KEY,
        invoice_id integer NOT NULL REFERENCES invoices (id),
        code text NOT NULL UNIQUE,
        url text NOT NULL,
        return_url text NOT NULL,
        amount_cents integer NOT NULL,
        expires_at timestamptz NOT NULL,
        -- When the provider reported it paid (counted or flagged): a checkout is paid once.
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX payment_links_invoice_idx ON payment_links (invoice_id)');
    // The money report reads payments by the day they were taken, and what is owed now.
    await runner.query('CREATE INDEX payments_received_idx ON payments (received_at)');
    await runner.query(
      "CREATE INDEX invoices_owing_idx ON invoices (issued_at) WHERE status IN ('open', 'partially_paid')",
    );
    await runner.query(`
      CREATE TABLE provider_events (
        event_id text PRIMARY KEY,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX invoices_owing_idx');
    await runner.query('DROP INDEX payments_received_idx');
    await runner.query('DROP TABLE provider_events');
    await runner.query('DROP TABLE payment_links');
    await runner.query(
      'ALTER TABLE payments DROP COLUMN reason, DROP COLUMN refund_of, DROP COLUMN provider_ref',
    );
    await runner.query('ALTER TABLE invoices DROP COLUMN flags, DROP COLUMN refunded_cents');
  }
}
