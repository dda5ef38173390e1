// Many staff sockets at once: technicians' phones and admins' boards spread over the gateway
// replicas while bookings arrive and every technician reports its position. Per socket: the
// time from a booking's answer to its 'board.changed', and the bytes it is sent; per gateway:
// the memory its sockets take. Requests go through @cincy/stack's ApiClient.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { newCustomer, summarize, timedBooking } from './bench-api.mjs';
import { openLoop, rssOf } from './bench-load.mjs';
import { loadStack, ROOT } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

/** A technician's phone reports its position this often (the web's LOCATION interval). */
const REPORT_EVERY_MS = 10_000;
/** A push not heard this long after the booking's answer is lost. */
const LOST_AFTER_MS = 10_000;
/** Users are created and signed in this many at a time (each is an argon2 hash or check). */
const SIGN_IN_CONCURRENCY = 4;

/** Runs `task` over `items`, `concurrency` at a time; resolves to the results in order. */
async function inBatches(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/**
 * A pool of bench technicians, created through the admin's API and each signed in on the gateway
 * it is given (round-robin over `baseUrls`); `grow(n)` adds the ones still missing.
 */
function technicianPool(adminClient, baseUrls) {
  const { ApiClient } = loadStack();
  const run = randomBytes(4).toString('hex');
  const members = [];
  return {
    members,
    async grow(count) {
      const start = members.length;
      const added = await inBatches(
        Array.from({ length: Math.max(0, count - start) }, (_, k) => start + k),
        SIGN_IN_CONCURRENCY,
        async (i) => {
          const login = {
            username: `bench-sock-${run}-${i}`,
            password: `Bench-${randomBytes(9).toString('base64url')}`,
          };
          const user = await adminClient.request('POST', '/api/users', {
            ...login,
            name: `Socket Tech ${i + 1}`,
            role: 'technician',
          });
          const baseUrl = baseUrls[i % baseUrls.length];
          const client = new ApiClient(baseUrl);
          await client.login(login.username, login.password);
          // Spread over the metro, about 20 km across.
          const at = { lat: 39.0 + (i % 10) * 0.02, lng: -84.6 + Math.floor(i / 10) * 0.004 };
          return { id: user.id, client, baseUrl, at };
        },
      );
      members.push(...added);
    },
    /**
     * Signs every one out: offline now, while no bench socket listens, rather than in a burst when
     * identity's sweep finds them silent in the middle of a later measurement.
     */
    async signOut() {
      await inBatches(members, SIGN_IN_CONCURRENCY, (tech) =>
        tech.client.request('POST', '/api/auth/logout').catch(() => undefined),
      );
    },
  };
}

/**
 * A signed-in staff socket (socket.io-client, WebSocket only) that counts the bytes of every
 * engine.io packet it is sent (the frames' payloads: the socket.io text of each message, and
 * pings), in total and by socket event, and remembers when each appointment's first
 * 'board.changed' arrived.
 */
async function openStaffSocket(baseUrl, client, role) {
  const { io } = require('socket.io-client');
  const { SOCKET_EVENTS } = require('@cincy/contracts');
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { Cookie: client.jar.header() },
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  const counted = { bytes: 0, byEvent: {} };
  // The engine exists as soon as io() returns (autoConnect): count from the handshake on.
  socket.io.engine.on('packet', (packet) => {
    const size = 1 + (typeof packet.data === 'string' ? Buffer.byteLength(packet.data) : 0);
    counted.bytes += size;
    // A socket.io event is `2["name",...]`.
    const name =
      packet.type === 'message' && typeof packet.data === 'string' && packet.data.startsWith('2["')
        ? packet.data.slice(3, packet.data.indexOf('"', 3))
        : packet.type;
    counted.byEvent[name] = (counted.byEvent[name] ?? 0) + size;
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (err) => reject(new Error(`socket.io: ${err.message}`)));
  });
  const boardSeen = new Map(); // appointment id -> performance.now() of its first push
  socket.on(SOCKET_EVENTS.boardChanged, (message) => {
    const id = message?.appointment?.id;
    if (id !== undefined && !boardSeen.has(id)) boardSeen.set(id, performance.now());
  });
  return {
    role,
    baseUrl,
    boardSeen,
    /** Starts counting bytes afresh (after the sign-ins' own presence pushes). */
    resetBytes() {
      counted.bytes = 0;
      counted.byEvent = {};
    },
    bytes: () => counted.bytes,
    byEvent: () => counted.byEvent,
    close: () => socket.close(),
  };
}

/**
 * Every technician reports its position every 10 s, each at its own offset in the period, moving
 * a little each time, as the phone does (PUT /api/users/{id}/location). Returns stop(), which
 * resolves to how many reports were sent and failed.
 */
function reportPositions(technicians) {
  const counts = { sent: 0, failed: 0 };
  const timers = [];
  const inFlight = new Set();
  const report = (tech) => {
    tech.at = {
      lat: tech.at.lat + (Math.random() - 0.5) * 0.002,
      lng: tech.at.lng + (Math.random() - 0.5) * 0.002,
    };
    const sent = tech.client
      .request('PUT', `/api/users/${tech.id}/location`, {
        latitude: tech.at.lat,
        longitude: tech.at.lng,
        accuracy: 10,
      })
      .then(
        () => (counts.sent += 1),
        () => (counts.failed += 1),
      )
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  technicians.forEach((tech, i) => {
    const offset = (i / technicians.length) * REPORT_EVERY_MS;
    timers.push(
      setTimeout(() => {
        report(tech);
        timers.push(setInterval(() => report(tech), REPORT_EVERY_MS));
      }, offset),
    );
  });
  return async () => {
    for (const timer of timers) clearTimeout(timer); // clears intervals too
    await Promise.all(inFlight);
    return counts;
  };
}

/**
 * Bookings at `rate`/s for `seconds` (`openLoop`), round-robin over the gateways. Resolves to each
 * booking's id and the moment its answer came.
 */
async function bookAtRate(baseUrls, { rate, seconds }) {
  const answered = [];
  const answerMs = [];
  let failed = 0;
  await openLoop({ rate, seconds }, (i) =>
    newCustomer(baseUrls[i % baseUrls.length])
      .then(timedBooking)
      .then(
        ({ id, ms }) => {
          answered.push({ id, at: performance.now() });
          answerMs.push(ms);
        },
        () => (failed += 1),
      ),
  );
  return { answered, failed, answerP99: summarize(answerMs).p99 };
}

/**
 * Waits until every socket heard every answered booking, or LOST_AFTER_MS after the last answer;
 * then the latencies (a push before the answer counts as 0) and the pushes lost.
 */
async function pushLatencies(sockets, answered) {
  const lastAnswer = Math.max(0, ...answered.map((a) => a.at));
  const allHeard = () => sockets.every((s) => answered.every((a) => s.boardSeen.has(a.id)));
  while (!allHeard() && performance.now() < lastAnswer + LOST_AFTER_MS) await sleep(100);
  const latencies = [];
  const worstP99BySocket = [];
  let lost = 0;
  for (const socket of sockets) {
    const mine = [];
    for (const { id, at } of answered) {
      const seen = socket.boardSeen.get(id);
      if (seen === undefined || seen - at > LOST_AFTER_MS) lost += 1;
      else mine.push(Math.max(0, seen - at));
    }
    latencies.push(...mine);
    worstP99BySocket.push(summarize(mine).p99);
  }
  const { n, p50, p95, p99, max } = summarize(latencies);
  return {
    n,
    p50,
    p95,
    p99,
    max,
    worstSocketP99: Math.max(...worstP99BySocket.filter((v) => !Number.isNaN(v))),
    lost,
  };
}

/** Bytes per socket per minute over `ms`, by role: mean and max, and the mean by socket event. */
function bytesPerMinute(sockets, ms) {
  const byRole = {};
  for (const role of new Set(sockets.map((s) => s.role))) {
    const mine = sockets.filter((s) => s.role === role);
    const perMinute = mine.map((s) => (s.bytes() * 60_000) / ms);
    const byEvent = {};
    for (const s of mine)
      for (const [name, bytes] of Object.entries(s.byEvent()))
        byEvent[name] = (byEvent[name] ?? 0) + (bytes * 60_000) / ms / mine.length;
    byRole[role] = {
      sockets: mine.length,
      mean: perMinute.reduce((a, b) => a + b, 0) / mine.length,
      max: Math.max(...perMinute),
      byEvent: Object.fromEntries(Object.entries(byEvent).map(([k, v]) => [k, Math.round(v)])),
    };
  }
  return byRole;
}

/** The gateway replicas' pids in start order (`gateway`, `gateway#2`, ...) from stack.pids(). */
function gatewayPids(pids) {
  return Object.entries(pids)
    .filter(([name]) => name.replace(/#\d+$/, '') === 'gateway')
    .sort(([a], [b]) => Number(a.split('#')[1] ?? 1) - Number(b.split('#')[1] ?? 1))
    .map(([, pid]) => pid);
}

/** Signs the admin in (credentials as bench.mjs passes them) on the first gateway. */
async function signedInAdmin(baseUrl, admin) {
  const client = new (loadStack().ApiClient)(baseUrl);
  await client.login(admin.username, admin.password);
  return client;
}

/**
 * `technicians` technicians' phones and `admins` admins' boards (300 sockets by default), spread
 * round-robin over the gateways at `baseUrls` (stack.baseUrls: two replicas). For `seconds`,
 * bookings arrive at `rate`/s (open loop) while every technician reports its position every 10 s.
 * Returns the push latency over every socket and booking (answer -> 'board.changed' naming it;
 * lost: not heard within 10 s), bytes per socket per minute by role, and each gateway's RSS
 * before the sockets connected, after, and after the run, with the growth per socket on it
 * (`pids`: stack.pids(), whose `gateway`, `gateway#2` are the replicas of `baseUrls` in order).
 */
export async function benchManySockets({
  baseUrls,
  pids,
  admin,
  technicians = 270,
  admins = 30,
  rate = 50,
  seconds = 20,
}) {
  const adminClient = await signedInAdmin(baseUrls[0], admin);
  const pool = technicianPool(adminClient, baseUrls);
  const sockets = [];
  let stopReports;
  try {
    await pool.grow(technicians);
    const gateways = gatewayPids(pids ?? {});
    const rss = () => gateways.map((pid) => rssOf(pid));
    const before = rss();

    // Technicians on their own gateway (where they signed in); admins round-robin after them.
    for (const tech of pool.members)
      sockets.push(await openStaffSocket(tech.baseUrl, tech.client, 'technician'));
    for (let i = 0; i < admins; i++) {
      const baseUrl = baseUrls[(technicians + i) % baseUrls.length];
      sockets.push(await openStaffSocket(baseUrl, adminClient, 'admin'));
    }
    await sleep(2000); // the sign-ins' presence pushes go by before counting
    const connected = rss();
    for (const socket of sockets) socket.resetBytes();

    stopReports = reportPositions(pool.members);
    const started = performance.now();
    const bookings = await bookAtRate(baseUrls, { rate, seconds });
    const ranMs = performance.now() - started;
    const push = await pushLatencies(sockets, bookings.answered);
    const reports = await stopReports();
    const after = rss();

    const socketsOn = baseUrls.map((url) => sockets.filter((s) => s.baseUrl === url).length);
    const memory = gateways.map((pid, i) => ({
      gateway: i + 1,
      sockets: socketsOn[i],
      rssBefore: before[i],
      rssConnected: connected[i],
      rssAfterRun: after[i],
      perSocketConnected:
        before[i] !== null && connected[i] !== null
          ? (connected[i] - before[i]) / socketsOn[i]
          : null,
      perSocketAfterRun:
        before[i] !== null && after[i] !== null ? (after[i] - before[i]) / socketsOn[i] : null,
    }));
    return {
      sockets: { technicians, admins, gateways: baseUrls.length },
      bookings: {
        offeredPerSecond: rate,
        seconds,
        answered: bookings.answered.length,
        failed: bookings.failed,
        answerP99: bookings.answerP99,
      },
      push,
      positionReports: reports,
      bytesPerSocketPerMinute: bytesPerMinute(sockets, ranMs),
      memory,
    };
  } finally {
    await stopReports?.();
    for (const socket of sockets) socket.close();
    await pool.signOut();
  }
}

/**
 * Bytes per technician socket and per admin socket per minute while `count` technicians report
 * their positions every 10 s, for each count in turn (the same technicians, more of them each
 * time); `rate` bookings/s alongside (none by default). A technician's should stay about flat as
 * the team grows; an admin's grows with it (their map shows every van).
 */
export async function benchTechnicianBytes({
  baseUrl,
  admin,
  counts = [10, 100],
  admins = 1,
  seconds = 60,
  rate = 0,
}) {
  const adminClient = await signedInAdmin(baseUrl, admin);
  const pool = technicianPool(adminClient, [baseUrl]);
  const runs = [];
  try {
    for (const count of counts) {
      await pool.grow(count);
      const sockets = [];
      let stopReports;
      try {
        for (const tech of pool.members)
          sockets.push(await openStaffSocket(baseUrl, tech.client, 'technician'));
        for (let i = 0; i < admins; i++)
          sockets.push(await openStaffSocket(baseUrl, adminClient, 'admin'));
        await sleep(2000); // the sign-ins' presence pushes go by before counting
        for (const socket of sockets) socket.resetBytes();
        stopReports = reportPositions(pool.members);
        const started = performance.now();
        const bookings =
          rate > 0 ? await bookAtRate([baseUrl], { rate, seconds }) : await sleep(seconds * 1000);
        const ranMs = performance.now() - started;
        const reports = await stopReports();
        const byRole = bytesPerMinute(sockets, ranMs);
        runs.push({
          technicians: count,
          seconds,
          bookings: bookings ? bookings.answered.length : 0,
          positionReports: reports,
          technicianBytesPerMinute: byRole.technician,
          adminBytesPerMinute: byRole.admin,
        });
      } finally {
        await stopReports?.();
        for (const socket of sockets) socket.close();
      }
    }
  } finally {
    await pool.signOut();
  }
  const [first, last] = [runs[0], runs.at(-1)];
  return {
    runs,
    // How the bytes grew from the first count to the last (1.0: flat).
    technicianGrowth: last.technicianBytesPerMinute.mean / first.technicianBytesPerMinute.mean,
    adminGrowth: last.adminBytesPerMinute?.mean / first.adminBytesPerMinute?.mean,
  };
}
