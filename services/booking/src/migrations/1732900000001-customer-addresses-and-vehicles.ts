import { MigrationInterface, QueryRunner } from 'typeorm';

/** Text as the record keeps it: trimmed, single spaces. */
const tidy = (column: string) => `regexp_replace(btrim(${column}), '\\s+', ' ', 'g')`;

/**
 * A customer's addresses and vehicles, one of each their default (a pointer on the customer, so
 * there is never a second). Every booking adds its location and vehicle text (the same text in
 * another case is the same one) in the booking's own statement, by a trigger: no round trip more
 * on the public booking path. Existing appointments fill them once, oldest first.
 */
export class CustomerAddressesAndVehicles1732900000001 implements MigrationInterface {
  name = 'CustomerAddressesAndVehicles1732900000001';

  async up(runner: QueryRunner): Promise<void> {
    for (const [table, column] of [
      ['customer_addresses', 'address'],
      ['customer_vehicles', 'vehicle'],
    ]) {
      await runner.query(`
        CREATE TABLE ${table} (
          id serial PRIMARY KEY,
          customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
          ${column} text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        )`);
      await runner.query(
        `CREATE UNIQUE INDEX ${table}_text_idx ON ${table} (customer_id, lower(${column}))`,
      );
    }
    await runner.query(`
      ALTER TABLE customers
        ADD COLUMN default_address_id integer REFERENCES customer_addresses (id) ON DELETE SET NULL,
        ADD COLUMN default_vehicle_id integer REFERENCES customer_vehicles (id) ON DELETE SET NULL`);

    await runner.query(`
      CREATE FUNCTION remember_customer_record() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        added integer;
      BEGIN
        IF NEW.customer_id IS NULL THEN RETURN NEW; END IF;
        IF btrim(NEW.location) <> '' THEN
          INSERT INTO customer_addresses (customer_id, address)
          VALUES (NEW.customer_id, ${tidy('NEW.location')})
          ON CONFLICT DO NOTHING RETURNING id INTO added;
          IF added IS NOT NULL THEN
            UPDATE customers SET default_address_id = added
             WHERE id = NEW.customer_id AND default_address_id IS NULL;
          END IF;
        END IF;
        added := NULL;
        IF NEW.vehicle IS NOT NULL AND btrim(NEW.vehicle) <> '' THEN
          INSERT INTO customer_vehicles (customer_id, vehicle)
          VALUES (NEW.customer_id, ${tidy('NEW.vehicle')})
          ON CONFLICT DO NOTHING RETURNING id INTO added;
          IF added IS NOT NULL THEN
            UPDATE customers SET default_vehicle_id = added
             WHERE id = NEW.customer_id AND default_vehicle_id IS NULL;
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER appointments_remember_customer_record AFTER INSERT ON appointments
        FOR EACH ROW EXECUTE FUNCTION remember_customer_record()`);

    // Existing appointments, oldest first: the first address and vehicle are the defaults.
    for (const [table, column, source] of [
      ['customer_addresses', 'address', 'location'],
      ['customer_vehicles', 'vehicle', 'vehicle'],
    ]) {
      await runner.query(`
        INSERT INTO ${table} (customer_id, ${column}, created_at)
        SELECT customer_id, text, first_at FROM (
          SELECT DISTINCT ON (customer_id, lower(text)) customer_id, text, created_at AS first_at
            FROM (SELECT id, customer_id, ${tidy(source)} AS text, created_at FROM appointments
                   WHERE customer_id IS NOT NULL AND ${source} IS NOT NULL) a
           WHERE text <> ''
           ORDER BY customer_id, lower(text), created_at, id
        ) firsts
        ORDER BY first_at
        ON CONFLICT DO NOTHING`);
    }
    await runner.query(`
      UPDATE customers c SET
        default_address_id = (SELECT min(id) FROM customer_addresses WHERE customer_id = c.id),
        default_vehicle_id = (SELECT min(id) FROM customer_vehicles WHERE customer_id = c.id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER appointments_remember_customer_record ON appointments');
    await runner.query('DROP FUNCTION remember_customer_record()');
    await runner.query(
      'ALTER TABLE customers DROP COLUMN default_address_id, DROP COLUMN default_vehicle_id',
    );
    await runner.query('DROP TABLE customer_vehicles');
    await runner.query('DROP TABLE customer_addresses');
  }
}
