#!/usr/bin/env node
// `npm run bench`: benchmarks of the public site and the booking path, printed as ONE table and
// written to bench-results/latest.json. Builds first when something is not built (--build forces
// it), starts one throwaway stack (fresh database, NATS prefix and port), measures, then stops
// the stack and drops its database. Bounded: gives up after BENCH_TIMEOUT_S (default 170 s).
//
//   - gzipped JS each public route downloads (Chromium, fresh cache per route)
//   - Lighthouse mobile scores for / and /customer-form (when `lighthouse` is installed)
//   - POST /api/appointments latency, sequential and 10 concurrent; GET /api/appointments (staff)
//   - POST /api/appointments -> socket.io 'board.changed' push latency
//
// Benchmarks are not tests: nothing here fails on a slow number. Benchmarks are noisy on shared
// machines; compare runs on the same machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { benchBoardRead, benchBookings, benchPush, benchStatusPush } from './lib/bench-api.mjs';
import { lighthousePath, measureJsBytes, runLighthouse } from './lib/bench-browser.mjs';
import { build, isStackBuilt, loadStack, paint, ROOT } from './lib/procs.mjs';

const argv = process.argv.slice(2);
const forceBuild = argv.includes('--build');
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S) || 170;

const PUBLIC_ROUTES = [
  '/',
  '/customer-form',
  '/confirmation',
  '/faq',
  '/pricing',
  '/about',
  '/terms-of-service',
];
const LIGHTHOUSE_ROUTES = ['/', '/customer-form'];
const N = {
  sequential: 50,
  concurrent: 50,
  concurrency: 10,
  boardReads: 50,
  push: 20,
  statusJobs: 15,
  warmup: 5,
};

const log = (text) => console.error(paint(`bench: ${text}`, 2, process.stderr));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');

/** True when the launcher, every service and the web app are built. */
function isBuilt() {
  return (
    isStackBuilt() &&
    loadStack().missingBuilds().length === 0 &&
    existsSync(path.join(ROOT, 'web', 'dist', 'index.html'))
  );
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return null;
  }
}

/** Prints rows of [group, measure, value, detail] as aligned columns. */
function printTable(rows) {
  const header = ['Group', 'Measure', 'Value', 'Detail'];
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? '').length)));
  const line = (r) =>
    r
      .map((c, i) => String(c ?? '').padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  console.log([line(header), rule, ...rows.map(line)].join('\n'));
}

async function main() {
  const started = Date.now();
  // The build comes first: the infrastructure check is part of @cincy/stack.
  if (forceBuild || !isBuilt()) {
    log(forceBuild ? 'building (--build)' : 'something is not built: building');
    if ((await build()) !== 0) throw new Error('the build failed');
  }
  const { ApiClient, ensureInfra, startStack } = loadStack();
  const infra = await ensureInfra(process.env, { onNote: log });
  if (!infra.ok) {
    console.error(`\n${infra.message}\n`);
    process.exitCode = 1;
    return;
  }

  const require = createRequire(path.join(ROOT, 'package.json'));
  const { businessDate, businessInstant } = require('@cincy/contracts');
  const admin = {
    username: 'bench-admin',
    password: `Bench-${randomBytes(9).toString('base64url')}`,
  };
  // ASAP is refused outside 9 AM-9 PM: pin the booking clock to today noon in Cincinnati.
  const fixedNow = businessInstant(businessDate(), 12).toISOString();

  log('starting a stack');
  const stack = await startStack({
    throwaway: { label: 'bench' },
    admin,
    serviceEnv: {
      BOOKING_RATE_LIMIT: '0',
      TIME_SLOTS_RATE_LIMIT: '0',
      SLOT_CAPACITY: '100000',
      BOOKING_FIXED_NOW: fixedNow,
    },
  });

  let stopping = false;
  const watchdog = setTimeout(() => {
    console.error(`bench: gave up after ${TIMEOUT_S} s; stopping the stack`);
    stopping = true;
    stack
      .stop()
      .catch((err) => console.error(err.message))
      .finally(() => process.exit(1));
  }, TIMEOUT_S * 1000);
  watchdog.unref();

  const results = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    bookingClock: fixedNow,
    jsBytes: null,
    lighthouse: null,
    api: {},
  };
  try {
    log('measuring JS per public route');
    results.jsBytes = await measureJsBytes(stack.baseUrl, PUBLIC_ROUTES);

    if (lighthousePath()) {
      log('running Lighthouse (mobile)');
      const scores = await runLighthouse(
        LIGHTHOUSE_ROUTES.map((r) => new URL(r, stack.baseUrl).toString()),
      );
      results.lighthouse = Object.fromEntries(
        LIGHTHOUSE_ROUTES.map((r) => [r, scores[new URL(r, stack.baseUrl).toString()]]),
      );
    } else {
      results.lighthouse = 'n/a (lighthouse not installed)';
    }

    log('measuring the API');
    await benchBookings(stack.baseUrl, N.warmup, 1); // warm connections, JIT and caches
    results.api.bookSequential = await benchBookings(stack.baseUrl, N.sequential, 1);
    results.api.bookConcurrent = await benchBookings(stack.baseUrl, N.concurrent, N.concurrency);
    const staff = new ApiClient(stack.baseUrl);
    await staff.login(admin.username, admin.password);
    await benchBoardRead(staff, N.warmup);
    results.api.boardRead = await benchBoardRead(staff, N.boardReads);
    log('measuring the board push');
    results.api.push = await benchPush(stack.baseUrl, staff, N.push);
    log('measuring status changes pushed to a second board');
    const technician = new ApiClient(stack.baseUrl);
    const techLogin = {
      username: 'bench-tech',
      password: `Bench-${randomBytes(9).toString('base64url')}`,
    };
    await staff.request('POST', '/api/users', {
      ...techLogin,
      name: 'Bench Technician',
      role: 'technician',
    });
    await technician.login(techLogin.username, techLogin.password);
    results.api.statusPush = await benchStatusPush(stack.baseUrl, staff, technician, N.statusJobs);
  } finally {
    if (!stopping) {
      log('stopping the stack and dropping its database');
      await stack.stop();
    }
    clearTimeout(watchdog);
  }
  results.seconds = Math.round((Date.now() - started) / 1000);

  // ---- the table
  const rows = [];
  for (const r of results.jsBytes) {
    rows.push(['JS gzip', r.route, kb(r.gzip), `raw ${kb(r.raw)}, ${r.scripts} scripts`]);
  }
  for (const route of LIGHTHOUSE_ROUTES) {
    const s = typeof results.lighthouse === 'string' ? null : results.lighthouse?.[route];
    rows.push([
      'Lighthouse mobile',
      route,
      s
        ? `perf ${s.performance} / a11y ${s.accessibility} / bp ${s['best-practices']} / seo ${s.seo}`
        : 'n/a (lighthouse not installed)',
      s ? 'performance / accessibility / best-practices / SEO' : '',
    ]);
  }
  const a = results.api;
  rows.push([
    'API',
    `POST /api/appointments sequential (n=${a.bookSequential.n})`,
    `p50 ${ms(a.bookSequential.p50)} / p95 ${ms(a.bookSequential.p95)}`,
    `max ${ms(a.bookSequential.max)}, ${a.bookSequential.perSecond.toFixed(0)}/s`,
  ]);
  rows.push([
    'API',
    `POST /api/appointments ${N.concurrency} concurrent (n=${a.bookConcurrent.n})`,
    `p50 ${ms(a.bookConcurrent.p50)} / p95 ${ms(a.bookConcurrent.p95)}`,
    `max ${ms(a.bookConcurrent.max)}, ${a.bookConcurrent.perSecond.toFixed(0)}/s`,
  ]);
  rows.push([
    'API',
    `GET /api/appointments staff (n=${a.boardRead.n})`,
    `p50 ${ms(a.boardRead.p50)} / p95 ${ms(a.boardRead.p95)}`,
    `max ${ms(a.boardRead.max)}, ${a.boardRead.appointments} appointments listed`,
  ]);
  rows.push([
    'Push',
    `POST -> socket.io board.changed (n=${a.push.n})`,
    `p50 ${ms(a.push.p50)} / p95 ${ms(a.push.p95)}`,
    `max ${ms(a.push.max)}${a.push.missed ? `, ${a.push.missed} never pushed (10 s)` : ''}`,
  ]);
  rows.push([
    'Push',
    `PATCH status -> board.changed on a second board (n=${a.statusPush.n})`,
    `p50 ${ms(a.statusPush.p50)} / p99 ${ms(a.statusPush.p99)}`,
    `max ${ms(a.statusPush.max)}${a.statusPush.missed ? `, ${a.statusPush.missed} never pushed (10 s)` : ''}`,
  ]);

  console.log(
    `\nCincy Battery benchmarks (${results.commit ?? 'no git'}, node ${process.version}, ${results.cpus} CPUs, ${results.seconds} s)\n`,
  );
  printTable(rows);

  const outDir = path.join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\nWritten to ${path.relative(process.cwd(), path.join(outDir, 'latest.json')) || 'bench-results/latest.json'}`,
  );
}

main().catch((err) => {
  console.error(`bench failed: ${err.stack || err.message}`);
  process.exitCode = 1;
});
