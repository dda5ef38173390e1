// The bench's load figures: booking throughput (closed loop, against the stack and the floor),
// board freshness under a fixed booking rate (open loop), the board read with a long history,
// and each service's idle memory. Requests go through @cincy/stack's ApiClient.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  formBooking,
  newCustomer,
  summarize,
  timedBooking,
  watchSocket,
  watchStream,
} from './bench-api.mjs';
import { ROOT } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

/**
 * Bookings/s with `concurrency` visitors booking back to back for `seconds` (after a one-second
 * warm-up that is not counted). The same generator drives the stack and the floors. `book` makes
 * one booking: as the form does (formBooking, one POST /api/bookings), unless told otherwise
 * (twoCallBooking: as the form did before issue 33).
 */
export async function throughput(baseUrl, { concurrency, seconds, book = formBooking }) {
  const run = async (ms) => {
    const deadline = performance.now() + ms;
    let done = 0;
    let failed = 0;
    const worker = async () => {
      while (performance.now() < deadline) {
        try {
          await book(baseUrl);
          done += 1;
        } catch {
          failed += 1;
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { done, failed, wallMs: performance.now() - started };
  };
  const warm = await run(1000);
  const { done, failed, wallMs } = await run(seconds * 1000);
  return {
    bookings: done,
    failed,
    perSecond: (done / wallMs) * 1000,
    bookingsMade: warm.done + done, // warm-up included: for CPU per booking
  };
}

/**
 * Open loop: `start(i)` every 1000/rate ms for `seconds`, whether or not earlier ones have
 * finished (as visitors do); resolves once all have.
 */
export async function openLoop({ rate, seconds }, start) {
  const pending = [];
  const begin = performance.now();
  for (let i = 0; i < Math.round(rate * seconds); i++) {
    const wait = begin + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(start(i));
  }
  await Promise.all(pending);
}

/** The stack's board as freshness() watches it: 'board.changed' on a staff socket, by id. */
export function stackBoard(baseUrl, staff) {
  const { SOCKET_EVENTS } = require('@cincy/contracts');
  return () => watchSocket(baseUrl, staff, SOCKET_EVENTS.boardChanged, (m) => m?.appointment?.id);
}

/** The same-shape floor's board: its gateway's `GET /board` stream of new appointments' ids. */
export function shapeFloorBoard(baseUrl) {
  return () => watchStream(new URL('/board', baseUrl).toString());
}

/**
 * Open loop (`openLoop`): a booking starts every 1000/rate ms for `seconds`. For each, the time
 * from its answer to the board message that names it (`watchBoard`: stackBoard or
 * shapeFloorBoard); one that arrives before the answer counts as 0. Lost: none within 10 s of
 * the answer.
 */
export async function freshness(baseUrl, watchBoard, { rate, seconds }) {
  const watcher = await watchBoard();
  const latencies = [];
  const answers = [];
  let lost = 0;
  let failed = 0;
  const reasons = new Map(); // why bookings failed, by message
  const one = async () => {
    try {
      const prepared = await newCustomer(baseUrl);
      const { id, ms } = await timedBooking(prepared);
      answers.push(ms);
      const since = await watcher.since(id, performance.now());
      if (since === null) lost += 1;
      else latencies.push(Math.max(0, since));
    } catch (error) {
      failed += 1;
      const reason = String(error?.message ?? error).slice(0, 120);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  };
  try {
    await openLoop({ rate, seconds }, one);
  } finally {
    watcher.close();
  }
  return {
    ...summarize(latencies),
    lost,
    failed,
    failures: Object.fromEntries(reasons),
    answerP99: summarize(answers).p99,
    offeredPerSecond: rate,
  };
}

/**
 * Adds `count` completed appointments, closed before today, straight into the dispatch schema
 * of the bench's throwaway database (plain SQL: history is seeded, not booked, or 100k bookings
 * would take longer than the whole bench). Ids start at 1e9 so they never meet booked ones.
 */
export async function seedCompletedHistory(databaseUrl, fromIndex, count) {
  const { Client } = require('pg');
  const { businessDate, businessInstant } = require('@cincy/contracts');
  const startOfToday = businessInstant(businessDate(), 0);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO dispatch.board_appointments
         (id, customer_id, customer_name, customer_phone, location, vehicle, preferred_time,
          priority, status, requested_at, accepted_at, en_route_at, on_location_at,
          completed_at, closed_at, version, created_at, updated_at)
       SELECT 1000000000 + i, 1, 'History ' || i, '5135550000', '1 Fountain Square', '2018 Honda Civic',
              'ASAP', 'normal', 'completed', t - interval '2 hours', t - interval '100 minutes',
              t - interval '90 minutes', t - interval '40 minutes', t, t, 5, t, t
         FROM generate_series($1::int, $2::int) AS i,
              LATERAL (SELECT $3::timestamptz - (1 + i % 8760) * interval '1 hour' AS t) AS closed`,
      [fromIndex, fromIndex + count - 1, startOfToday],
    );
    // What autovacuum would do within a minute of such a load (the query plan depends on the
    // statistics), done now so autovacuum and the checkpoint do not run during the reads.
    await client.query('VACUUM ANALYZE dispatch.board_appointments');
    await client.query('CHECKPOINT').catch(() => undefined); // needs a superuser
  } finally {
    await client.end();
  }
}

/** Removes the seeded history from `fromIndex` on, and vacuums, so the board is back to before. */
export async function removeSeededHistory(databaseUrl, fromIndex) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('DELETE FROM dispatch.board_appointments WHERE id >= $1', [
      1_000_000_000 + fromIndex,
    ]);
    await client.query('VACUUM ANALYZE dispatch.board_appointments');
  } finally {
    await client.end();
  }
}

/** VmRSS of a process, in bytes (Linux); null where /proc is not there. */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time each process used so far, in ms by pid (Linux; empty where /proc is not there): user
 * and system, and that of its children that exited (a Postgres backend's goes to the postmaster).
 */
function cpuMsByPid(pids) {
  const byPid = new Map();
  for (const pid of pids) {
    try {
      // Fields after the command name: state is 3rd; utime, stime, cutime, cstime 14th-17th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const ticks = fields.slice(11, 15).reduce((sum, v) => sum + Number(v), 0);
      byPid.set(pid, (ticks * 1000) / CLOCK_TICKS);
    } catch {
      // gone, or not Linux
    }
  }
  return byPid;
}

/**
 * The servers the stack shares with the floor, as groups of processes found by name in /proc
 * each time they are asked for (Postgres starts a process per connection): every Postgres process
 * and nats-server. Other users of the same servers are counted too.
 */
export const SHARED_SERVERS = {
  postgres: () => processesNamed('postgres'),
  nats: () => processesNamed('nats-server'),
};

function processesNamed(name) {
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  return pids.map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
    } catch {
      return false;
    }
  });
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** Busy and total CPU time of the whole machine so far, in ms of all cores (Linux), or null. */
function machineCpuMs() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1, 9);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return {
      busy: (busy * 1000) / CLOCK_TICKS,
      total: ((busy + idle + iowait) * 1000) / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}

/**
 * CPU ms per booking each process, or group of processes (a function answering their pids), spent
 * while `run` made its bookings; null where it cannot be read. A process that started during the
 * run counts from its start. And the whole machine's (the load generator included, and whatever
 * else runs here): `machine.cores` is how many of the cores were busy, so a run that used them
 * all says it was bound by CPU.
 */
export async function cpuPerBooking(processes, run) {
  const pidsOf = (group) => (typeof group === 'function' ? group() : [group]);
  const snapshot = () =>
    Object.fromEntries(
      Object.entries(processes).map(([name, group]) => [name, cpuMsByPid(pidsOf(group))]),
    );
  const before = snapshot();
  const machineBefore = machineCpuMs();
  const result = await run();
  const machineAfter = machineCpuMs();
  const after = snapshot();
  const perBooking = {};
  for (const [name, now] of Object.entries(after)) {
    let ms = 0;
    for (const [pid, total] of now) ms += total - (before[name].get(pid) ?? 0);
    perBooking[name] = now.size ? ms / result.bookingsMade : null;
  }
  const machine =
    machineBefore && machineAfter
      ? {
          msPerBooking: (machineAfter.busy - machineBefore.busy) / result.bookingsMade,
          cores:
            ((machineAfter.busy - machineBefore.busy) /
              (machineAfter.total - machineBefore.total)) *
            os.cpus().length,
        }
      : null;
  return { result, perBooking, machine };
}
