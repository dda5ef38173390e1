import { MigrationInterface, QueryRunner } from 'typeorm';

export class NotifyTables1732800000001 implements MigrationInterface {
  name = 'NotifyTables1732800000001';

  async up(runner: QueryRunner): Promise<void> {
    // Copies from booking's events: whom to tell (and whether they opted out), about which visit.
    await runner.query(`
      CREATE TABLE customers (
        id integer PRIMARY KEY,
        name text NOT NULL,
        phone text NOT NULL,
        email text,
        opted_out_at timestamptz
      )`);
    await runner.query(`
      CREATE TABLE appointments (
        id integer PRIMARY KEY,
        customer_id integer NOT NULL,
        reference text,
        scheduled_date text,
        scheduled_time text,
        preferred_time text
      )`);
    await runner.query('CREATE INDEX appointments_customer_idx ON appointments (customer_id)');
    // Battery models by inventory item id (a removed item keeps its name: old receipts name it).
    await runner.query('CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL)');
    // A completed visit's receipt figures (ReceiptData), rendered to a PDF when asked for.
    await runner.query(`
      CREATE TABLE receipts (
        appointment_id integer PRIMARY KEY,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One row per step and channel: (event_id, channel) makes "once" hold even past the inbox.
    await runner.query(`
      CREATE TABLE messages (
        id serial PRIMARY KEY,
        event_id uuid NOT NULL,
        appointment_id integer NOT NULL,
        customer_id integer,
        reference text,
        kind text NOT NULL,
        channel text NOT NULL,
        to_address text NOT NULL,
        subject text,
        body_text text NOT NULL,
        body_html text,
        state text NOT NULL,
        route text,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        provider_id text,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT messages_event_channel_key UNIQUE (event_id, channel)
      )`);
    // The sender's claim looks only at what may be due.
    await runner.query(`
      CREATE INDEX messages_due_idx ON messages (next_attempt_at)
        WHERE state IN ('queued', 'sending')`);
    await runner.query('CREATE INDEX messages_appointment_idx ON messages (appointment_id, id)');
    await runner.query('CREATE INDEX messages_customer_idx ON messages (customer_id)');
    await runner.query('CREATE INDEX messages_created_idx ON messages (created_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['messages', 'receipts', 'items', 'appointments', 'customers'])
      await runner.query(`DROP TABLE ${table}`);
  }
}
