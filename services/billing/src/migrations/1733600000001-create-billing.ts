import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing's tables (issue 36, ADR 0113): what it learns of jobs and batteries from events, the
 * invoices it issues, and one invoice sequence per year. An invoice's lines and tax are kept as
 * issued (jsonb): nothing later (a price or a rate changed) alters them.
 */
export class CreateBilling1733600000001 implements MigrationInterface {
  name = 'CreateBilling1733600000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE billable_jobs (
        appointment_id integer PRIMARY KEY,
        customer_id integer,
        booked boolean NOT NULL DEFAULT false,
        zip text,
        record jsonb
      )`);
    // The jobs completed and not yet billed: waiting for the booking or the battery's name.
    await runner.query(
      'CREATE INDEX billable_jobs_waiting_idx ON billable_jobs (appointment_id) WHERE record IS NOT NULL',
    );
    await runner.query(`
      CREATE TABLE battery_items (
        id integer PRIMARY KEY,
        name text NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE invoice_sequences (
        year integer PRIMARY KEY,
        last integer NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE invoices (
        id serial PRIMARY KEY,
        number text NOT NULL UNIQUE,
        appointment_id integer NOT NULL UNIQUE,
        customer_id integer NOT NULL,
        technician_id integer,
        status text NOT NULL,
        subtotal_cents integer NOT NULL,
        tax_cents integer NOT NULL,
        total_cents integer NOT NULL,
        paid_cents integer NOT NULL DEFAULT 0,
        tax jsonb NOT NULL,
        lines jsonb NOT NULL,
        issued_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE invoices');
    await runner.query('DROP TABLE invoice_sequences');
    await runner.query('DROP TABLE battery_items');
    await runner.query('DROP TABLE billable_jobs');
  }
}
