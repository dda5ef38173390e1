// The same-shape floor of the booking throughput: the design the product is built on, at its
// minimum. Four kinds of plain Node process, no framework, each doing only what a booking needs
// of it on the way the stack takes:
//
//   gateway   node:http; checks each call as the contracts do (plain checks, no zod) and sends
//             each as a NATS request; also hears every event on core NATS, as a board would,
//             and streams each new appointment's id to whoever holds `GET /board` open
//   booking   a queue-group subscriber: the customer insert; the appointment and its outbox row in
//             one transaction; the form's one call (POST /api/bookings) both in one; answers
//   relay     woken by NOTIFY at each commit, claims outbox rows (FOR UPDATE SKIP LOCKED),
//             publishes them to JetStream with Nats-Msg-Id = the row's id, and deletes them in the
//             same transaction after the acks
//   consumer  (two: dispatch-like, inventory-like) a durable pull consumer applying each batch
//             with its inbox rows and a copy-table upsert in one transaction, acking after commit
//
// What it leaves out is what the product adds to that shape (Nest, zod, the booking cookie, rate
// limits, geocoding, the capacity lock, logging, the booking link, more consumers), so the stack's
// bookings/s against this one's says what those cost; the one-process floor (bench-floor.mjs)
// says what the shape itself costs. Same load generator, same run, same HTTP calls.
//
// startShapeFloor() makes its schema (bench_shape) in the bench's throwaway database and its own
// stream under a prefix unique to the run, spawns `node bench-shape-floor.mjs <role> <config>`
// for each process (each prints one JSON line when ready), and removes both on stop().
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const SCHEMA = 'bench_shape';
const here = fileURLToPath(import.meta.url);
const require = createRequire(path.join(path.dirname(here), '..', '..', 'package.json'));

/** The two consumers: durable name -> the table its copy goes to. */
const CONSUMERS = { 'dispatch-like': 'dispatch_board', 'inventory-like': 'inventory_customers' };
const REQUESTED = 'booking.appointment.requested';
/** The processes, by the name the bench prints: role and, for a consumer, its durable. */
const PROCESSES = {
  gateway: ['gateway'],
  booking: ['booking'],
  relay: ['relay'],
  ...Object.fromEntries(
    Object.keys(CONSUMERS).map((durable) => [`consumer ${durable}`, ['consumer', durable]]),
  ),
};
const RPC_TIMEOUT_MS = 5000;
/**
 * The booking's outbox insert notifies the relay on this channel at commit (in the same statement,
 * so no extra round trip): a relay polling every 10 ms instead cost three statements a pass, about
 * six per booking at 50 bookings/s, more than the booking itself.
 */
const OUTBOX_CHANNEL = 'bench_shape_outbox';
/** The relay also tries every this often, for rows a failed pass left behind. */
const RELAY_RETRY_MS = 1000;
const RELAY_BATCH = 256;
/** Up to this many deliveries per consumer transaction (the stack's consumers take 64). */
const CONSUMER_BATCH = 64;

/** The names one run uses on NATS: subjects under the prefix, its own stream. */
function natsNamesOf(prefix) {
  return {
    customers: `${prefix}.booking.customers.create`,
    appointments: `${prefix}.booking.appointments.create`,
    bookings: `${prefix}.booking.bookings.create`,
    event: (type) => `${prefix}.events.${type}`,
    events: `${prefix}.events.>`,
    stream: `${prefix}_EVENTS`,
  };
}

/** As the platform connects (natsConnectOptions): no stack trace captured per request. */
function connectNats(natsUrl, name) {
  const { connect } = require('nats');
  return connect({ servers: natsUrl.split(','), name, noAsyncTraces: true });
}

function poolOf(databaseUrl, max) {
  const { Pool } = require('pg');
  return new Pool({ connectionString: databaseUrl, max, options: `-c search_path=${SCHEMA}` });
}

/**
 * Starts the same-shape floor next to the stack; resolves to the gateway's base URL, each
 * process's pid, settled() (waits until every booking's event went all the way through) and stop().
 */
export async function startShapeFloor(databaseUrl, natsUrl) {
  const config = { databaseUrl, natsUrl, prefix: `shape${randomBytes(5).toString('hex')}` };
  const names = natsNamesOf(config.prefix);
  await createSchema(databaseUrl);
  const nc = await connectNats(natsUrl, 'bench-shape-setup');
  const children = {};
  try {
    await createStream(await nc.jetstreamManager(), names);
    const ready = Object.entries(PROCESSES).map(async ([name, args]) => {
      const child = spawn(process.execPath, [here, ...args, JSON.stringify(config)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children[name] = child;
      const lines = readline.createInterface({ input: child.stdout });
      return [
        name,
        await new Promise((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`shape floor ${name} exited (${code})`)));
          lines.once('line', (line) => resolve(JSON.parse(line)));
        }),
      ];
    });
    const answers = Object.fromEntries(await Promise.all(ready));
    const baseUrl = `http://127.0.0.1:${answers.gateway.port}`;
    let stopped;
    return {
      baseUrl,
      pids: Object.fromEntries(Object.entries(children).map(([name, c]) => [name, c.pid])),
      settled: (timeoutMs = 10_000) => settled(databaseUrl, baseUrl, timeoutMs),
      /** Calling it again returns the same promise. */
      stop: () => (stopped ??= stop(children, nc, names, databaseUrl)),
    };
  } catch (error) {
    await stop(children, nc, names, databaseUrl);
    throw error;
  }
}

async function stop(children, nc, names, databaseUrl) {
  await Promise.all(
    Object.values(children).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  // NATS outlives the throwaway database: the stream must go with the run.
  const jsm = await nc.jetstreamManager();
  await jsm.streams.delete(names.stream).catch(() => undefined);
  await nc.close();
  await withClient(databaseUrl, (client) =>
    client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`),
  );
}

async function withClient(databaseUrl, work) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function createSchema(databaseUrl) {
  return withClient(databaseUrl, (client) =>
    client.query(`
      DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE;
      CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.customers (
        id serial PRIMARY KEY, name text NOT NULL, phone text NOT NULL, email text,
        created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE ${SCHEMA}.appointments (
        id serial PRIMARY KEY, customer_id integer NOT NULL REFERENCES ${SCHEMA}.customers (id),
        location text NOT NULL, vehicle text, preferred_time text, notes text,
        priority text NOT NULL, status text NOT NULL, requested_at timestamptz NOT NULL);
      CREATE TABLE ${SCHEMA}.outbox (
        seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, type text NOT NULL,
        payload jsonb NOT NULL, occurred_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE ${SCHEMA}.inbox (
        consumer text NOT NULL, event_id uuid NOT NULL, PRIMARY KEY (consumer, event_id));
      CREATE TABLE ${SCHEMA}.dispatch_board (
        id integer PRIMARY KEY, customer_id integer NOT NULL, customer_name text NOT NULL,
        customer_phone text NOT NULL, location text NOT NULL, status text NOT NULL,
        requested_at timestamptz NOT NULL);
      CREATE TABLE ${SCHEMA}.inventory_customers (
        id integer PRIMARY KEY, name text NOT NULL, phone text NOT NULL);`),
  );
}

/** The stream and its two durables, as the stack's (file storage, a dedupe window). */
async function createStream(jsm, names) {
  const { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType, nanos } = require('nats');
  await jsm.streams.add({
    name: names.stream,
    subjects: [names.events],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(2 * 60 * 1000),
  });
  for (const durable of Object.keys(CONSUMERS)) {
    await jsm.consumers.add(names.stream, {
      durable_name: durable,
      filter_subject: names.event(REQUESTED),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(5_000),
      max_deliver: -1,
    });
  }
}

/**
 * Waits until every appointment's event was published, applied by both consumers and heard by
 * the board (or `timeoutMs` passed); answers the counts and how long the wait took, which says
 * whether the floor kept up while it was measured.
 */
async function settled(databaseUrl, baseUrl, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const { rows } = await withClient(databaseUrl, (client) =>
      client.query(
        `SELECT (SELECT count(*) FROM ${SCHEMA}.appointments)::int AS appointments,
                (SELECT count(*) FROM ${SCHEMA}.outbox)::int AS unpublished,
                (SELECT json_object_agg(consumer, n) FROM
                   (SELECT consumer, count(*)::int AS n FROM ${SCHEMA}.inbox GROUP BY consumer) c)
                  AS applied`,
      ),
    );
    const counts = rows[0];
    counts.applied ??= {};
    counts.boardHeard = (await (await fetch(`${baseUrl}/stats`)).json()).boardHeard;
    counts.waitedMs = Date.now() - started;
    const done =
      counts.unpublished === 0 &&
      counts.boardHeard === counts.appointments &&
      Object.keys(CONSUMERS).every((c) => counts.applied[c] === counts.appointments);
    if (done || counts.waitedMs > timeoutMs) return { ...counts, done };
    await sleep(100);
  }
}

// ---- the roles, each in its own process

/** `ok` answers or `refused` ones (a status and a message), as the booking worker sends them. */
const refused = (status, message) => ({ status, message });

/** The gateway's checks, as customerInputSchema does them; the input as stored, or a refusal. */
function checkCustomer(body) {
  const name = typeof body.name === 'string' ? body.name.trim() : null;
  if (!name) return refused(400, 'Name is required');
  if (name.length > 100) return refused(400, 'Name is too long');
  const phone = typeof body.phone === 'string' ? body.phone.trim() : '';
  if (!phone || phone.length > 20 || !/^[\d()\s+-]*$/.test(phone))
    return refused(400, 'Invalid phone number');
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 10) return refused(400, 'Phone number must be at least 10 digits');
  const email = body.email ?? null;
  if (email !== null && email !== '') {
    if (
      typeof email !== 'string' ||
      email.length > 254 ||
      !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
    )
      return refused(400, 'Invalid email');
  }
  return { value: { name, phone: digits, email: email || null } };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** As appointmentInputSchema: customerId and location required, the rest optional and bounded. */
function checkAppointment(body) {
  const customerId = Number(body.customerId);
  if (!Number.isInteger(customerId) || customerId <= 0) return refused(400, 'Customer is required');
  const details = checkAppointmentDetails(body);
  return details.value ? { value: { customerId, ...details.value } } : details;
}

/** As bookingInputSchema (POST /api/bookings): the customer's checks and the appointment's. */
function checkBooking(body) {
  const customer = checkCustomer(body);
  if (!customer.value) return customer;
  const details = checkAppointmentDetails(body);
  return details.value ? { value: { ...customer.value, ...details.value } } : details;
}

/** An appointment's fields but whom it is for. */
function checkAppointmentDetails(body) {
  const location = typeof body.location === 'string' ? body.location.trim() : '';
  if (!location || location.length > 250) return refused(400, 'Location is required');
  const text = (value, max) =>
    value === null || value === undefined || (typeof value === 'string' && value.length <= max);
  if (!text(body.vehicle, 120) || !text(body.notes, 1000))
    return refused(400, 'Vehicle and notes must be short text');
  const { preferredTime = null, scheduledDate = null, scheduledTime = null } = body;
  if (preferredTime !== null && preferredTime !== 'ASAP' && !DATE.test(String(preferredTime)))
    return refused(400, 'Preferred time must be ASAP or a date');
  if (scheduledDate !== null && !DATE.test(String(scheduledDate)))
    return refused(400, 'Scheduled date must be in format YYYY-MM-DD');
  if (scheduledTime !== null && !TIME.test(String(scheduledTime)))
    return refused(400, 'Scheduled time must be in format HH:MM:SS');
  if ((body.status ?? 'pending') !== 'pending' || (body.priority ?? 'normal') !== 'normal')
    return refused(400, 'New appointments start as pending, normal priority');
  return {
    value: {
      location,
      vehicle: body.vehicle?.trim() || null,
      preferredTime: preferredTime ?? 'ASAP',
      notes: body.notes?.trim() || null,
    },
  };
}

async function gateway({ natsUrl, prefix }) {
  const names = natsNamesOf(prefix);
  const nc = await connectNats(natsUrl, 'bench-shape-gateway');
  let boardHeard = 0;
  /** Open `GET /board` streams: a board on the floor, for the freshness run. */
  const boards = new Set();
  // A board's feed: every event, on core NATS (no ack, no durable), counted; with a board open,
  // each new appointment's id goes down its stream (server-sent events), as the stack's socket.
  nc.subscribe(names.events, {
    callback: (error, msg) => {
      boardHeard += 1;
      if (error || !boards.size || !msg.subject.endsWith(REQUESTED)) return;
      const line = `data: ${msg.json().payload.id}\n\n`;
      for (const board of boards) board.write(line);
    },
  });

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        try {
          resolve(text ? JSON.parse(text) : {});
        } catch {
          resolve(null);
        }
      });
      req.on('error', reject);
    });
  const answer = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const CALLS = {
    '/api/customers': { subject: names.customers, check: checkCustomer },
    '/api/appointments': { subject: names.appointments, check: checkAppointment },
    '/api/bookings': { subject: names.bookings, check: checkBooking },
  };

  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === 'GET' && req.url === '/stats') return answer(res, 200, { boardHeard });
      if (req.method === 'GET' && req.url === '/board') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        res.flushHeaders();
        boards.add(res);
        req.on('close', () => boards.delete(res));
        return;
      }
      const call = req.method === 'POST' ? CALLS[req.url] : undefined;
      if (!call) return answer(res, 404, { message: 'not found' });
      const body = await readBody(req);
      if (!body || typeof body !== 'object') return answer(res, 400, { message: 'invalid JSON' });
      const checked = call.check(body);
      if (!checked.value) return answer(res, checked.status, { message: checked.message });
      const reply = await nc.request(call.subject, JSON.stringify(checked.value), {
        timeout: RPC_TIMEOUT_MS,
      });
      // The worker answers {ok} or a refusal; the answer's body is passed on as it came.
      const { ok, status, message } = reply.json();
      if (ok) answer(res, 201, ok);
      else answer(res, status, { message });
    } catch (error) {
      answer(res, 503, { message: String(error?.message ?? error) });
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  onStop(async () => {
    server.close();
    server.closeAllConnections();
    await nc.drain();
  });
  return { port: server.address().port };
}

async function booking({ databaseUrl, natsUrl, prefix }) {
  const names = natsNamesOf(prefix);
  const pool = poolOf(databaseUrl, 10);
  const nc = await connectNats(natsUrl, 'bench-shape-booking');

  /** `db`: the pool, or the client of the caller's transaction (the form's one call). */
  async function createCustomer({ name, phone, email }, db = pool) {
    const { rows } = await db.query(
      'INSERT INTO customers (name, phone, email) VALUES ($1, $2, $3) RETURNING id',
      [name, phone, email],
    );
    return { id: rows[0].id, name, phone, email };
  }

  /** The appointment and its outbox row in one transaction; null when there is no such customer. */
  const createAppointment = (input) => inTransaction((client) => storeAppointment(client, input));

  /** The form's one call: the customer too, in the same transaction. */
  const createBooking = ({ name, phone, email, ...appointment }) =>
    inTransaction(async (client) => {
      const customer = await createCustomer({ name, phone, email }, client);
      return storeAppointment(client, { ...appointment, customerId: customer.id });
    });

  /** Commits what `work` did, or rolls it back when it answers null or fails. */
  async function inTransaction(work) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const done = await work(client);
      await client.query(done ? 'COMMIT' : 'ROLLBACK');
      return done;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function storeAppointment(client, input) {
    // One statement: the appointment, and the customer the event names (none: not found).
    const { rows } = await client.query(
      `WITH customer AS (SELECT id, name, phone FROM customers WHERE id = $1),
            created AS (
              INSERT INTO appointments
                (customer_id, location, vehicle, preferred_time, notes, priority, status,
                 requested_at)
              SELECT id, $2, $3, $4, $5, 'normal', 'pending', now() FROM customer
              RETURNING id, requested_at)
       SELECT created.id, created.requested_at, customer.name, customer.phone
         FROM created, customer`,
      [input.customerId, input.location, input.vehicle, input.preferredTime, input.notes],
    );
    if (!rows.length) return null;
    const [row] = rows;
    const appointment = {
      id: row.id,
      customerId: input.customerId,
      status: 'pending',
      priority: 'normal',
      location: input.location,
      scheduledDate: null,
      scheduledTime: null,
      requestedAt: row.requested_at.toISOString(),
    };
    await client.query(
      `WITH written AS (INSERT INTO outbox (id, type, payload) VALUES ($1, $2, $3) RETURNING 1)
       SELECT pg_notify('${OUTBOX_CHANNEL}', '') FROM written`,
      [
        randomUUID(),
        REQUESTED,
        { ...appointment, customer: { id: input.customerId, name: row.name, phone: row.phone } },
      ],
    );
    return appointment;
  }

  const serve = (subject, work) =>
    nc.subscribe(subject, {
      queue: 'booking',
      callback: (error, msg) => {
        if (error) return;
        work(msg.json()).then(
          (ok) =>
            msg.respond(
              JSON.stringify(ok ? { ok } : { status: 404, message: 'Customer not found' }),
            ),
          (failure) => msg.respond(JSON.stringify({ status: 500, message: String(failure) })),
        );
      },
    });
  serve(names.customers, createCustomer);
  serve(names.appointments, createAppointment);
  serve(names.bookings, createBooking);
  await nc.flush(); // subscribed on the server before the bench sends anything
  onStop(async () => {
    await nc.drain();
    await pool.end();
  });
  return {};
}

async function relay({ databaseUrl, natsUrl, prefix }) {
  const names = natsNamesOf(prefix);
  const { Client } = require('pg');
  // One connection: it LISTENs, and runs the passes in between.
  const client = new Client({ connectionString: databaseUrl, options: `-c search_path=${SCHEMA}` });
  await client.connect();
  await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
  const nc = await connectNats(natsUrl, 'bench-shape-relay');
  const js = nc.jetstream();

  /** One pass: claim, publish all at once, delete what JetStream acknowledged, commit. */
  async function pass() {
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `SELECT seq, id, type, occurred_at, payload::text AS payload FROM outbox
         ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [RELAY_BATCH],
      );
      if (rows.length) {
        // The payload is passed on as Postgres wrote it, inside the envelope.
        await Promise.all(
          rows.map((r) =>
            js.publish(
              names.event(r.type),
              `{"id":"${r.id}","type":"${r.type}","occurredAt":"${r.occurred_at.toISOString()}","payload":${r.payload}}`,
              { msgID: r.id },
            ),
          ),
        );
        await client.query('DELETE FROM outbox WHERE seq = ANY($1::bigint[])', [
          rows.map((r) => r.seq),
        ]);
      }
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      // Left in the table for the next pass; a repeat is dropped by the Nats-Msg-Id dedupe.
      await client.query('ROLLBACK').catch(() => undefined);
      console.error(`shape floor relay: ${error.message}`);
      return 0;
    }
  }

  // Passes never overlap; the commits notified during one share the next (as OutboxRelay.wake).
  let running;
  let again = false;
  let stopping = false;
  const wake = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      while ((await pass()) === RELAY_BATCH && !stopping);
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        wake();
      }
    });
  };
  client.on('notification', wake);
  // Only for a pass that failed: every commit that writes a row notifies.
  const timer = setInterval(wake, RELAY_RETRY_MS);
  wake();
  onStop(async () => {
    stopping = true;
    clearInterval(timer);
    await running;
    await nc.drain();
    await client.end();
  });
  return {};
}

async function consumer({ databaseUrl, natsUrl, prefix }, durable) {
  const names = natsNamesOf(prefix);
  const table = CONSUMERS[durable];
  const pool = poolOf(databaseUrl, 1);
  const nc = await connectNats(natsUrl, `bench-shape-${durable}`);
  const messages = await (
    await nc.jetstream().consumers.get(names.stream, durable)
  ).consume({
    max_messages: CONSUMER_BATCH,
  });

  /** The copy each consumer keeps, upserted for the batch's new events in one statement. */
  const upsert =
    table === 'dispatch_board'
      ? (client, events) =>
          client.query(
            `INSERT INTO dispatch_board
               (id, customer_id, customer_name, customer_phone, location, status, requested_at)
             SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[],
                                  $6::text[], $7::timestamptz[])
             ON CONFLICT (id) DO UPDATE SET status = excluded.status, location = excluded.location`,
            [
              events.map((e) => e.payload.id),
              events.map((e) => e.payload.customerId),
              events.map((e) => e.payload.customer.name),
              events.map((e) => e.payload.customer.phone),
              events.map((e) => e.payload.location),
              events.map((e) => e.payload.status),
              events.map((e) => e.payload.requestedAt),
            ],
          )
      : (client, events) => {
          // One row per customer: ON CONFLICT may not touch a row twice in one statement.
          const customers = [
            ...new Map(events.map((e) => [e.payload.customer.id, e.payload.customer])).values(),
          ];
          return client.query(
            `INSERT INTO inventory_customers (id, name, phone)
             SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, phone = excluded.phone`,
            [
              customers.map((c) => c.id),
              customers.map((c) => c.name),
              customers.map((c) => c.phone),
            ],
          );
        };

  async function apply(batch) {
    const events = batch.map((msg) => msg.json());
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `INSERT INTO inbox (consumer, event_id) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [durable, events.map((e) => e.id)],
      );
      const fresh = new Set(rows.map((r) => r.event_id));
      const toApply = events.filter((e) => fresh.has(e.id));
      if (toApply.length) await upsert(client, toApply);
      await client.query('COMMIT');
      for (const msg of batch) msg.ack();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      console.error(`shape floor ${durable}: ${error.message}`);
      for (const msg of batch) msg.nak(1000);
    } finally {
      client.release();
    }
  }

  // As the platform's consumers: what arrived while a batch was applied is the next batch.
  const queued = [];
  let wake;
  let ended = false;
  const applier = (async () => {
    for (;;) {
      if (!queued.length) {
        if (ended) return;
        await new Promise((resolve) => (wake = resolve));
        continue;
      }
      await apply(queued.splice(0, CONSUMER_BATCH));
    }
  })();
  const loop = (async () => {
    for await (const msg of messages) {
      queued.push(msg);
      wake?.();
    }
    ended = true;
    wake?.();
    await applier;
  })();
  onStop(async () => {
    messages.stop();
    await loop;
    await nc.drain();
    await pool.end();
  });
  return {};
}

/** Runs `stop` once on SIGTERM, then exits. */
function onStop(stop) {
  process.once('SIGTERM', () => {
    stop().then(
      () => process.exit(0),
      (error) => {
        console.error(`shape floor: ${error.message}`);
        process.exit(1);
      },
    );
  });
}

if (process.argv[1] === here) {
  const [role, ...rest] = process.argv.slice(2);
  const config = JSON.parse(rest.pop());
  const roles = { gateway, booking, relay, consumer };
  roles[role](config, ...rest)
    .then((ready) => process.stdout.write(`${JSON.stringify(ready)}\n`))
    .catch((error) => {
      console.error(`shape floor ${role}: ${error.stack || error.message}`);
      process.exit(1);
    });
}
