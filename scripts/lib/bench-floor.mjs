// The floor of the booking throughput: one plain node:http + pg process doing what a booking
// costs in the database (the customer insert; then, in one transaction, the customer lookup, its
// job count, the appointment insert and an outbox row; POST /api/bookings, the form's one call,
// does both in one transaction) with no framework, no NATS and no second process. The stack's bookings/s divided by this one's is the figure `npm run bench` reports, so
// both run in the same run, on the same machine, driven by the same load generator.
//
// Run as a child process: `node bench-floor.mjs <databaseUrl>`; it creates its own schema
// (bench_floor) in the bench's throwaway database, listens on a free port and prints
// `{"port": <n>}` on its first line of stdout.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCHEMA = 'bench_floor';
const here = fileURLToPath(import.meta.url);

/** Starts the floor next to the stack; resolves to its base URL and a stop(). */
export async function startFloor(databaseUrl) {
  const child = spawn(process.execPath, [here, databaseUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor exited with code ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line).port));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function serve(databaseUrl) {
  const require = createRequire(path.join(path.dirname(here), '..', '..', 'package.json'));
  const { Pool } = require('pg');
  const pool = new Pool({
    connectionString: databaseUrl,
    max: 10,
    options: `-c search_path=${SCHEMA}`,
  });
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
    CREATE TABLE IF NOT EXISTS ${SCHEMA}.customers (
      id serial PRIMARY KEY, name text NOT NULL, phone text NOT NULL, phone_digits text NOT NULL,
      email text, total_jobs integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now());
    CREATE INDEX IF NOT EXISTS customers_phone_digits_idx ON ${SCHEMA}.customers (phone_digits);
    CREATE TABLE IF NOT EXISTS ${SCHEMA}.appointments (
      id serial PRIMARY KEY, customer_id integer NOT NULL REFERENCES ${SCHEMA}.customers (id),
      location text NOT NULL, vehicle text, preferred_time text, notes text,
      priority text NOT NULL, status text NOT NULL, requested_at timestamptz NOT NULL);
    CREATE TABLE IF NOT EXISTS ${SCHEMA}.outbox (
      seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, type text NOT NULL,
      payload jsonb NOT NULL, occurred_at timestamptz NOT NULL, published_at timestamptz);`);

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text ? JSON.parse(text) : {}));
      req.on('error', reject);
    });
  const answer = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** `db`: the pool, or the client of the caller's transaction (POST /api/bookings). */
  async function createCustomer({ name, phone, email }, db = pool) {
    const digits = String(phone).replace(/\D/g, '');
    const found = await db.query(
      'SELECT id FROM customers WHERE phone_digits = $1 AND lower(name) = lower($2) LIMIT 1',
      [digits, name],
    );
    if (found.rows.length) return { id: found.rows[0].id, name, phone, email };
    const { rows } = await db.query(
      'INSERT INTO customers (name, phone, phone_digits, email) VALUES ($1, $2, $3, $4) RETURNING id',
      [name, phone, digits, email ?? null],
    );
    return { id: rows[0].id, name, phone, email: email ?? null };
  }

  /** POST /api/appointments: the appointment and its outbox row in one transaction. */
  const createAppointment = (input) => inTransaction((client) => storeAppointment(client, input));

  /** POST /api/bookings (the form's one call): the customer too, in the same transaction. */
  const createBooking = ({ name, phone, email, ...appointment }) =>
    inTransaction(async (client) => {
      const customer = await createCustomer({ name, phone, email }, client);
      return storeAppointment(client, { ...appointment, customerId: customer.id });
    });

  async function inTransaction(work) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const done = await work(client);
      await client.query('COMMIT');
      return done;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  async function storeAppointment(client, input) {
    const customer = await client.query('SELECT id, name, phone FROM customers WHERE id = $1', [
      input.customerId,
    ]);
    if (!customer.rows.length) throw new Error('no such customer');
    await client.query('UPDATE customers SET total_jobs = total_jobs + 1 WHERE id = $1', [
      input.customerId,
    ]);
    const requestedAt = new Date();
    const { rows } = await client.query(
      `INSERT INTO appointments
         (customer_id, location, vehicle, preferred_time, notes, priority, status, requested_at)
       VALUES ($1, $2, $3, $4, $5, 'normal', 'pending', $6) RETURNING id`,
      [
        input.customerId,
        input.location,
        input.vehicle,
        input.preferredTime,
        input.notes,
        requestedAt,
      ],
    );
    const appointment = {
      id: rows[0].id,
      customerId: input.customerId,
      status: 'pending',
      priority: 'normal',
      location: input.location,
      scheduledDate: null,
      scheduledTime: null,
      requestedAt: requestedAt.toISOString(),
    };
    await client.query(
      'INSERT INTO outbox (id, type, payload, occurred_at) VALUES ($1, $2, $3, now())',
      [
        randomUUID(),
        'booking.appointment.requested',
        { ...appointment, customer: customer.rows[0] },
      ],
    );
    return appointment;
  }

  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === '/api/customers')
        return answer(res, 201, await createCustomer(await readBody(req)));
      if (req.method === 'POST' && req.url === '/api/appointments')
        return answer(res, 201, await createAppointment(await readBody(req)));
      if (req.method === 'POST' && req.url === '/api/bookings')
        return answer(res, 201, await createBooking(await readBody(req)));
      answer(res, 404, { message: 'not found' });
    } catch (error) {
      answer(res, 500, { message: String(error) });
    }
  });
  server.keepAliveTimeout = 5000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().then(() => process.exit(0));
  });
}

if (process.argv[1] === here) {
  serve(process.argv[2]).catch((error) => {
    console.error(`bench floor: ${error.stack || error.message}`);
    process.exit(1);
  });
}
