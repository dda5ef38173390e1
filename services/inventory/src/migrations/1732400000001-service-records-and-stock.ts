import { MigrationInterface, QueryRunner } from 'typeorm';

export class ServiceRecordsAndStock1732400000001 implements MigrationInterface {
  name = 'ServiceRecordsAndStock1732400000001';

  async up(runner: QueryRunner): Promise<void> {
    // Inventory's copy of the board's appointments (dispatch's events): enough to decide a completion.
    await runner.query(`
      CREATE TABLE appointments (
        id integer PRIMARY KEY,
        customer_id integer NOT NULL,
        status text NOT NULL,
        technician_id integer,
        technician_username text,
        technician_name text,
        version integer NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE service_records (
        id serial PRIMARY KEY,
        appointment_id integer NOT NULL,
        customer_id integer NOT NULL,
        service_code text NOT NULL,
        completion_notes text,
        technician_id integer,
        technician_name text,
        battery_serial_number text,
        previous_battery_serial_number text,
        vehicle_year text,
        vehicle_make text,
        vehicle_model text,
        vehicle_color text,
        vehicle_mileage text,
        inventory_item_id integer REFERENCES inventory_items (id),
        completed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT service_records_battery_serial CHECK (
          service_code NOT IN ('battery_installed', 'warranty_replacement')
          OR battery_serial_number IS NOT NULL),
        CONSTRAINT service_records_previous_serial CHECK (
          service_code <> 'warranty_replacement' OR previous_battery_serial_number IS NOT NULL)
      )`);
    // One record per job: a second completion is refused by the database too.
    await runner.query(
      'CREATE UNIQUE INDEX service_records_appointment_idx ON service_records (appointment_id)',
    );
    await runner.query(
      'CREATE INDEX service_records_customer_idx ON service_records (customer_id, completed_at DESC)',
    );
    await runner.query(
      'CREATE INDEX service_records_serial_idx ON service_records (lower(battery_serial_number))',
    );
    await runner.query(`
      CREATE TABLE inventory_transactions (
        id serial PRIMARY KEY,
        item_id integer NOT NULL REFERENCES inventory_items (id),
        transaction_type text NOT NULL,
        quantity_change integer NOT NULL,
        previous_quantity integer NOT NULL,
        new_quantity integer NOT NULL,
        reason text,
        appointment_id integer,
        service_record_id integer REFERENCES service_records (id),
        user_id integer,
        user_name text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      'CREATE INDEX inventory_transactions_item_idx ON inventory_transactions (item_id, created_at)',
    );
    // Batteries sold per business day, counted as sales happen.
    await runner.query(`
      CREATE TABLE daily_sales (
        sale_date date PRIMARY KEY,
        batteries_sold integer NOT NULL DEFAULT 0
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE daily_sales');
    await runner.query('DROP TABLE inventory_transactions');
    await runner.query('DROP TABLE service_records');
    await runner.query('DROP TABLE appointments');
  }
}
