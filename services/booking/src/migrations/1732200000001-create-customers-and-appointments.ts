import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCustomersAndAppointments1732200000001 implements MigrationInterface {
  name = 'CreateCustomersAndAppointments1732200000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE customers (
        id serial PRIMARY KEY,
        name text NOT NULL,
        phone text NOT NULL,
        phone_digits text NOT NULL,
        email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX customers_phone_digits_idx ON customers (phone_digits)');
    await runner.query(`
      CREATE TABLE appointments (
        id serial PRIMARY KEY,
        customer_id integer NOT NULL REFERENCES customers (id),
        location text NOT NULL,
        customer_location jsonb,
        vehicle text,
        preferred_time text,
        priority text NOT NULL DEFAULT 'normal',
        notes text,
        status text NOT NULL DEFAULT 'pending',
        scheduled_time text,
        scheduled_date date,
        scheduled_start_time timestamptz,
        estimated_duration integer NOT NULL DEFAULT 60,
        requested_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX appointments_customer_idx ON appointments (customer_id)');
    await runner.query(
      'CREATE INDEX appointments_scheduled_start_idx ON appointments (scheduled_start_time) WHERE scheduled_start_time IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE appointments');
    await runner.query('DROP TABLE customers');
  }
}
