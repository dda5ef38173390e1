// API benchmarks against a running stack: booking latency (sequential and concurrent), the staff
// board read, and the time from a booking to its socket.io 'board.changed' push. Requests go
// through @cincy/stack's ApiClient, the one the e2e tests use; only the timing lives here.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadStack, ROOT } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

/** Nearest-rank percentile of numbers sorted ascending (ms). */
const ranked = (sorted, p) =>
  sorted.length ? sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] : NaN;

/** Nearest-rank percentile of a list of numbers (ms). */
export function percentile(values, p) {
  return ranked(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** n, p50, p95, p99 and max; sorted once (the sockets' run has 300,000 values). */
export function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    n: sorted.length,
    p50: ranked(sorted, 50),
    p95: ranked(sorted, 95),
    p99: ranked(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

let counter = 0;
function visitor() {
  counter += 1;
  return {
    name: `Bench Visitor ${counter}`,
    phone: `513555${String(counter % 10_000).padStart(4, '0')}`,
  };
}

/** An anonymous visitor with a customer record, ready to POST its appointment. */
export async function newCustomer(baseUrl) {
  const client = new (loadStack().ApiClient)(baseUrl);
  const customer = await client.createCustomer(visitor());
  return { client, customerId: customer.id };
}

/** POSTs the ASAP appointment of a prepared customer, as the form does; resolves to { ms, id }. */
export async function timedBooking({ client, customerId }) {
  const body = loadStack().asapAppointmentInput(customerId);
  const start = performance.now();
  const created = await client.request('POST', '/api/appointments', body);
  return { ms: performance.now() - start, id: created.id };
}

/**
 * One booking as the form makes it (issue 33): POST /api/bookings, the customer and the ASAP
 * appointment in one call, under the attempt's Idempotency-Key; resolves to { ms, id }.
 */
export async function formBooking(baseUrl) {
  const { ApiClient, asapAppointmentInput } = loadStack();
  const { customerId, ...appointment } = asapAppointmentInput(0);
  void customerId; // the call registers the customer
  const start = performance.now();
  const created = await new ApiClient(baseUrl).request(
    'POST',
    '/api/bookings',
    { ...visitor(), email: null, ...appointment },
    { 'Idempotency-Key': randomUUID() },
  );
  return { ms: performance.now() - start, id: created.id };
}

/**
 * One booking as the form made it before issue 33: POST /api/customers, then POST
 * /api/appointments for its id (the booking cookie between) under the attempt's Idempotency-Key;
 * resolves to { ms, id }, ms for both calls.
 */
export async function twoCallBooking(baseUrl) {
  const { ApiClient, asapAppointmentInput } = loadStack();
  const client = new ApiClient(baseUrl);
  const start = performance.now();
  const customer = await client.createCustomer(visitor());
  const created = await client.request(
    'POST',
    '/api/appointments',
    asapAppointmentInput(customer.id),
    { 'Idempotency-Key': randomUUID() },
  );
  return { ms: performance.now() - start, id: created.id };
}

/** n bookings, `concurrency` at a time; customers are created first and not timed. */
export async function benchBookings(baseUrl, n, concurrency) {
  const prepared = [];
  for (let i = 0; i < n; i++) prepared.push(await newCustomer(baseUrl));
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < prepared.length) {
      const mine = prepared[next++];
      times.push((await timedBooking(mine)).ms);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  return { ...summarize(times), perSecond: (n / wallMs) * 1000 };
}

/** n sequential GET /api/appointments as signed-in staff (an ApiClient). */
export async function benchBoardRead(staff, n) {
  const times = [];
  let size = 0;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const list = await staff.appointments();
    times.push(performance.now() - start);
    size = list.length;
  }
  return { ...summarize(times), appointments: size };
}

/** GET /api/reports for one range, `n` times in a row: the answer time and size. */
export async function benchReportRead(staff, { from, to }, n) {
  const times = [];
  let answer;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    answer = await staff.request('GET', `/api/reports?from=${from}&to=${to}`);
    times.push(performance.now() - start);
  }
  return {
    ...summarize(times),
    bucket: answer.bucket,
    periods: answer.series.length,
    jobs: answer.totals.jobsCompleted + answer.totals.jobsClosedWithoutService,
    bytes: Buffer.byteLength(JSON.stringify(answer)),
  };
}

/**
 * A staff socket that remembers when each message of one socket event first arrived, by key
 * (`keyOf` returns undefined for messages it does not care about).
 */
export async function watchSocket(baseUrl, staff, event, keyOf) {
  const { io } = require('socket.io-client');
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: staff.jar.header() },
    reconnection: false,
    timeout: 10_000,
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (err) => reject(new Error(`socket.io: ${err.message}`)));
  });
  const log = arrivalLog();
  socket.on(event, (message) => log.arrived(keyOf(message)));
  return { since: log.since, close: () => socket.close() };
}

/**
 * The same for a server-sent event stream (the same-shape floor's `GET /board`): each event's
 * data is a key.
 */
export async function watchStream(url) {
  const log = arrivalLog();
  const request = http.get(url);
  const response = await new Promise((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  response.setEncoding('utf8');
  let buffered = '';
  response.on('data', (chunk) => {
    const events = (buffered + chunk).split('\n\n');
    buffered = events.pop();
    for (const event of events) log.arrived(Number(event.replace(/^data: /, '')));
  });
  return { since: log.since, close: () => request.destroy() };
}

/** When each key first arrived, and a wait for one that has not yet. */
function arrivalLog() {
  const arrivals = new Map(); // key -> performance.now() of its first message
  const waiters = new Map();
  return {
    arrived(key) {
      if (key === undefined || arrivals.has(key)) return;
      arrivals.set(key, performance.now());
      waiters.get(key)?.();
    },
    /** Milliseconds from `start` to the key's arrival, or null after `timeoutMs`. */
    async since(key, start, timeoutMs = 10_000) {
      if (!arrivals.has(key)) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          waiters.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters.delete(key);
      }
      return arrivals.has(key) ? arrivals.get(key) - start : null;
    },
  };
}

/**
 * Time from sending POST /api/appointments to the 'board.changed' push naming that appointment,
 * on a socket.io connection signed in with the staff session cookie.
 */
export async function benchPush(baseUrl, staff, n) {
  const { SOCKET_EVENTS } = require('@cincy/contracts');
  const watcher = await watchSocket(
    baseUrl,
    staff,
    SOCKET_EVENTS.boardChanged,
    (m) => m?.appointment?.id,
  );
  const times = [];
  let missed = 0;
  try {
    for (let i = 0; i < n; i++) {
      const prepared = await newCustomer(baseUrl);
      const start = performance.now();
      const { id } = await timedBooking(prepared);
      const ms = await watcher.since(id, start);
      if (ms === null) missed += 1;
      else times.push(ms);
    }
  } finally {
    watcher.close();
  }
  return { ...summarize(times), missed };
}

/**
 * A technician moves jobs (accept, en route, on location); time from sending each PATCH to the
 * 'board.changed' push of that step on another staff member's socket. An admin declines each job
 * afterwards, so the technician is free for the next one.
 */
export async function benchStatusPush(baseUrl, admin, technician, n) {
  const { SOCKET_EVENTS } = require('@cincy/contracts');
  const watcher = await watchSocket(baseUrl, admin, SOCKET_EVENTS.boardChanged, (m) =>
    m?.appointment ? `${m.appointment.id}:${m.appointment.status}` : undefined,
  );
  const times = [];
  let missed = 0;
  try {
    for (let i = 0; i < n; i++) {
      const booked = performance.now();
      const { id } = await timedBooking(await newCustomer(baseUrl));
      // A technician sees a job once it is on the board: wait for it, as their screen would.
      if ((await watcher.since(`${id}:pending`, booked)) === null)
        throw new Error(`job ${id} never reached the board`);
      for (const status of ['accepted', 'en_route', 'on_location']) {
        const start = performance.now();
        await technician.request('PATCH', `/api/appointments/${id}/status`, { status });
        const ms = await watcher.since(`${id}:${status}`, start);
        if (ms === null) missed += 1;
        else times.push(ms);
      }
      await admin.request('PATCH', `/api/appointments/${id}/decline`);
    }
  } finally {
    watcher.close();
  }
  return { ...summarize(times), missed };
}

/**
 * `count` technicians on shift all week, each signed in with a position spread over the metro
 * (about 20 km across); their usernames start with `prefix`. Answers their ids.
 */
export async function addTechniciansOnShift(baseUrl, staff, count, prefix) {
  const { ApiClient, ALL_WEEK_SHIFTS } = loadStack();
  const ids = [];
  for (let i = 0; i < count; i++) {
    const login = { username: `${prefix}-${i}`, password: `Bench-${prefix}-${i}-x9` };
    const user = await staff.request('POST', '/api/users', {
      ...login,
      name: `Tech ${prefix} ${i + 1}`,
      role: 'technician',
    });
    // Dispatch hears of the new technician a few milliseconds after identity answers.
    for (let attempt = 0; ; attempt++) {
      try {
        await staff.request('PUT', `/api/schedules/${user.id}/weekly`, { shifts: ALL_WEEK_SHIFTS });
        break;
      } catch (err) {
        if (err.status !== 404 || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const tech = new ApiClient(baseUrl);
    await tech.login(login.username, login.password);
    await tech.request('PUT', `/api/users/${user.id}/location`, {
      latitude: 39.0 + (i % 10) * 0.02,
      longitude: -84.6 + (Math.floor(i / 10) % 10) * 0.04,
      accuracy: 10,
    });
    ids.push(user.id);
  }
  return ids;
}

/**
 * `count` open ASAP jobs booked by staff, `concurrency` at a time; phones `513<first>NNNN` from
 * `firstPhone` on (distinct customers). Answers the last job's id.
 */
export async function bookOpenJobs(staff, count, { firstPhone, concurrency = 1 }) {
  let next = 0;
  let last = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { appointment } = await staff.bookAsap({
        name: `Open Job Customer ${i + 1}`,
        phone: `513${String(firstPhone + i).padStart(7, '0')}`,
      });
      last = Math.max(last, appointment.id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return last;
}

/**
 * A big dispatching day: `technicians` technicians on shift all week with a position each, and
 * `openJobs` open ASAP jobs; then the time of GET /api/appointments/:id/suggestions (`reads`
 * times, after a warm-up), and the time from a booking to the queue's 'queue.changed' push
 * (the dispatch-queue consumer recomputing the queue with every open job on it).
 */
export async function benchDispatching(baseUrl, staff, { technicians, openJobs, reads, pushes }) {
  await addTechniciansOnShift(baseUrl, staff, technicians, 'bench-dispatch');
  const jobId = await bookOpenJobs(staff, openJobs, { firstPhone: 5553000 });
  // Dispatch hears of the last booking a few milliseconds after booking answers.
  for (let attempt = 0; ; attempt++) {
    try {
      await staff.request('GET', `/api/appointments/${jobId}/suggestions`);
      break;
    } catch (err) {
      if (err.status !== 404 || attempt >= 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  for (let i = 0; i < 20; i++) await staff.request('GET', `/api/appointments/${jobId}/suggestions`);
  const times = [];
  let ranked = 0;
  for (let i = 0; i < reads; i++) {
    const start = performance.now();
    const list = await staff.request('GET', `/api/appointments/${jobId}/suggestions`);
    times.push(performance.now() - start);
    ranked = list.length;
  }
  // The time from a booking to the next queue announcement (which carries the queue's head).
  const { io } = require('socket.io-client');
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: staff.jar.header() },
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (err) => reject(new Error(`socket.io: ${err.message}`)));
  });
  const pushTimes = [];
  let lost = 0;
  try {
    for (let i = 0; i < pushes; i++) {
      const pushed = new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 10_000);
        socket.once('queue.changed', () => {
          clearTimeout(timer);
          resolve(performance.now());
        });
      });
      const start = performance.now();
      await staff.bookAsap({
        name: `Queue Push ${i + 1}`,
        phone: `513556${String(i).padStart(4, '0')}`,
      });
      const at = await pushed;
      if (at === null) lost++;
      else pushTimes.push(at - start);
    }
  } finally {
    socket.close();
  }
  return {
    suggestions: { ...summarize(times), ranked },
    queuePush: { ...summarize(pushTimes), lost },
  };
}
