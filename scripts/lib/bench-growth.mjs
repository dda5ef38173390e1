// Does a booking's cost grow with the data (issue 33)? On the bench's stack: a few technicians on
// shift, the board filled to about 300 open jobs, rows Postgres reads and CPU per booking over a
// steady booking load; then filled to about 3,000 open jobs and measured again. Rows come from
// Postgres' own counters for the stack's database (pg_stat_database's tup_returned +
// tup_fetched; pg_stat_statements is not loaded on this machine), with the tables that read
// most (pg_stat_user_tables) to say where they go.
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { addTechniciansOnShift } from './bench-api.mjs';
import { cpuPerBooking, SHARED_SERVERS, throughput } from './bench-load.mjs';
import { loadStack, ROOT } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

export const GROWTH = {
  technicians: 5,
  small: 300,
  large: 3000,
  /** The steady load: visitors booking back to back, for this long at each size. */
  concurrency: 4,
  seconds: 8,
  /** What the larger board may cost per booking, against the smaller. */
  goalRatio: 1.2,
};
/** Seeded open jobs' ids start here: far above booked ones and below seeded history (1e9). */
const FIRST_SEEDED_ID = 900_000_000;
/**
 * A backend that went idle flushes its counters within 10 s (PGSTAT_IDLE_INTERVAL, Postgres 15+):
 * read them once every connection of the run has.
 */
const STATS_FLUSH_MS = 11_000;

/**
 * `count` open visits booked for later days (the next two weeks, 9 AM to 5 PM), straight into
 * dispatch's board and notify's copy as seedCompletedHistory seeds history: booking 3,000 through the API would take
 * longer than the whole section. What a busy business's board holds: mostly visits ahead.
 */
async function seedOpenVisits(client, from, count) {
  const { addDays, businessDate, businessInstant } = require('@cincy/contracts');
  const today = businessDate();
  const days = Array.from({ length: 14 }, (_, i) => addDays(today, i + 1));
  const rows = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const date = days[i % days.length];
    const hour = 9 + (i % 9);
    return { id: FIRST_SEEDED_ID + i, date, hour, start: businessInstant(date, hour) };
  });
  await client.query(
    `INSERT INTO dispatch.board_appointments
       (id, customer_id, customer_name, customer_phone, location, customer_location, vehicle,
        preferred_time, scheduled_date, scheduled_time, scheduled_start_time, priority, status,
        requested_at)
     SELECT id, 1, 'Visit ' || id, '5135550000', '1 Fountain Square',
            jsonb_build_object('lat', 39.1 + (id % 100) * 0.001, 'lng', -84.5 - (id % 70) * 0.001),
            '2018 Honda Civic', d::text, d, lpad(h::text, 2, '0') || ':00', s, 'normal', 'pending',
            now()
       FROM unnest($1::int[], $2::date[], $3::int[], $4::timestamptz[]) AS v(id, d, h, s)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.date),
      rows.map((r) => r.hour),
      rows.map((r) => r.start),
    ],
  );
  // Notify keeps a copy of every visit booked (the claim reads it by key): the same visits there.
  await client.query(
    `INSERT INTO notify.appointments
       (id, customer_id, scheduled_date, scheduled_time, preferred_time, status, version)
     SELECT id, 1, d::text, lpad(h::text, 2, '0') || ':00:00', d::text, 'pending', 1
       FROM unnest($1::int[], $2::date[], $3::int[]) AS v(id, d, h)`,
    [rows.map((r) => r.id), rows.map((r) => r.date), rows.map((r) => r.hour)],
  );
}

/** Rows read so far in the stack's database, in total and by table (schema.table). */
async function rowsRead(client) {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const [db] = (
    await client.query(
      `SELECT tup_returned + tup_fetched AS rows FROM pg_stat_database
        WHERE datname = current_database()`,
    )
  ).rows;
  // As pg_stat_database counts them: rows a scan returned (sequential, or index entries) and
  // rows fetched from the table by an index scan. What no table here has is the catalogs'.
  const tables = await client.query(
    `SELECT t.schemaname || '.' || t.relname AS name,
            COALESCE(t.seq_tup_read, 0) + COALESCE(t.idx_tup_fetch, 0) +
              COALESCE((SELECT sum(i.idx_tup_read) FROM pg_stat_user_indexes i
                         WHERE i.relid = t.relid), 0) AS rows
       FROM pg_stat_user_tables t`,
  );
  return {
    total: Number(db.rows),
    byTable: new Map(tables.rows.map((t) => [t.name, Number(t.rows)])),
  };
}

/** Open jobs on the board now. */
async function openJobs(client) {
  const { rows } = await client.query(
    'SELECT count(*)::int AS n FROM dispatch.board_appointments WHERE closed_at IS NULL',
  );
  return rows[0].n;
}

/**
 * The load's own ASAP requests are done before the next size is measured (cancelled in place, as
 * a finished day would leave them): each size then has the same queue of waiting requests, and
 * only the visits ahead differ.
 */
async function finishLoadRequests(client) {
  await client.query(
    `UPDATE dispatch.board_appointments
        SET status = 'cancelled', closed_at = now(), updated_at = now(), version = version + 1
      WHERE closed_at IS NULL AND id < $1`,
    [FIRST_SEEDED_ID],
  );
}

/** One size: rows and CPU per booking over the steady load, with the five tables read most. */
async function measure(stack, client) {
  const before = await rowsRead(client);
  const cpu = await cpuPerBooking({ ...stack.pids(), ...SHARED_SERVERS }, async () => {
    const result = await throughput(stack.baseUrl, {
      concurrency: GROWTH.concurrency,
      seconds: GROWTH.seconds,
    });
    await sleep(STATS_FLUSH_MS); // the debounced work after the last booking is the bookings' too
    return result;
  });
  const after = await rowsRead(client);
  const booked = cpu.result.bookingsMade;
  const byTable = [...after.byTable]
    .map(([name, rows]) => [name, (rows - (before.byTable.get(name) ?? 0)) / booked])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  const services = Object.entries(cpu.perBooking)
    .filter(([name]) => !(name in SHARED_SERVERS))
    .reduce((sum, [, ms]) => sum + (ms ?? 0), 0);
  return {
    bookings: booked,
    perSecond: cpu.result.perSecond,
    rowsPerBooking: (after.total - before.total) / booked,
    topTables: Object.fromEntries(byTable),
    cpuMsPerBooking: { services, postgres: cpu.perBooking.postgres, nats: cpu.perBooking.nats },
  };
}

/** The growth section: both sizes measured on `stack` (signed in as `admin`). */
export async function benchGrowth(stack, admin, log) {
  const { ApiClient } = loadStack();
  const { Client } = require('pg');
  const staff = new ApiClient(stack.baseUrl);
  await staff.login(admin.username, admin.password);
  await addTechniciansOnShift(stack.baseUrl, staff, GROWTH.technicians, 'bench-growth');
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await throughput(stack.baseUrl, { concurrency: GROWTH.concurrency, seconds: 5 }); // warm-up
    const sizes = {};
    let seeded = 0;
    for (const [name, target] of [
      ['small', GROWTH.small],
      ['large', GROWTH.large],
    ]) {
      await finishLoadRequests(client);
      const more = target - (await openJobs(client));
      await seedOpenVisits(client, seeded, more);
      seeded += more;
      // What autovacuum does within a minute of such a load: the plans depend on the statistics,
      // and each size reads its own churn's dead index entries, not the size before's too.
      await client.query('VACUUM ANALYZE');
      log(`growth: ${target} open jobs, bookings for ${GROWTH.seconds} s`);
      sizes[name] = { openJobs: await openJobs(client), ...(await measure(stack, client)) };
    }
    return {
      ...sizes,
      rowsRatio: sizes.large.rowsPerBooking / sizes.small.rowsPerBooking,
      goalRatio: GROWTH.goalRatio,
    };
  } finally {
    await client.end();
  }
}

/** The bench table's rows for the growth section. */
export function growthRows(growth) {
  const { small, large } = growth;
  const fixed = (v, digits = 1) => (v === null || v === undefined ? 'n/a' : v.toFixed(digits));
  const cpu = (s) =>
    `${fixed(s.cpuMsPerBooking.services + (s.cpuMsPerBooking.postgres ?? 0))} ms (services ${fixed(s.cpuMsPerBooking.services)}, Postgres ${fixed(s.cpuMsPerBooking.postgres)})`;
  const tables = (s) =>
    Object.entries(s.topTables)
      .map(([name, rows]) => `${name} ${fixed(rows, 0)}`)
      .join(', ');
  return [
    [
      'Growth',
      `Rows read per booking, ${small.openJobs} / ${large.openJobs} open jobs`,
      `${fixed(small.rowsPerBooking, 0)} / ${fixed(large.rowsPerBooking, 0)}`,
      `<= ${growth.goalRatio}x`,
      `${fixed(growth.rowsRatio, 2)}x; most read at ${large.openJobs}: ${tables(large)}`,
    ],
    [
      'Growth',
      `CPU per booking, ${small.openJobs} open jobs`,
      cpu(small),
      'reported',
      `${small.bookings} bookings, ${fixed(small.perSecond)}/s; most read: ${tables(small)}`,
    ],
    [
      'Growth',
      `CPU per booking, ${large.openJobs} open jobs`,
      cpu(large),
      'reported',
      `${large.bookings} bookings, ${fixed(large.perSecond)}/s; ${fixed(
        (large.cpuMsPerBooking.services + (large.cpuMsPerBooking.postgres ?? 0)) /
          (small.cpuMsPerBooking.services + (small.cpuMsPerBooking.postgres ?? 0)),
        2,
      )}x the smaller board's`,
    ],
  ];
}
