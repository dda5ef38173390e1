#!/usr/bin/env node
// `npm run bench`: benchmarks of the public site and the booking path, printed as ONE table and
// written to bench-results/latest.json. Builds first when something is not built (--build forces
// it), starts one throwaway stack (fresh database, NATS prefix and port), measures, then stops
// the stack and drops its database. Bounded: gives up after BENCH_TIMEOUT_S (default 360 s).
//
//   - gzipped JS each public route downloads (Chromium, fresh cache per route)
//   - Lighthouse mobile scores for /, /customer-form, and a booking's confirmation and tracking pages
//   - POST /api/appointments latency, sequential and 10 concurrent; GET /api/appointments (staff)
//   - POST /api/appointments -> socket.io 'board.changed' push latency
//   - booking throughput (customer + appointment) against two floors, same generator, same run:
//     the same-shape floor, the design at its minimum (plain node:http gateway -> NATS request ->
//     booking worker -> Postgres + outbox -> relay -> JetStream -> two pull consumers;
//     scripts/lib/bench-shape-floor.mjs), the goal's measure; and the one-process floor (one
//     node:http + pg process doing the same inserts; scripts/lib/bench-floor.mjs), reported.
//     CPU ms per booking of each process beside its same-shape counterpart says where the
//     difference goes
//   - board freshness with bookings offered at 150/s for 20 s (open loop): answer -> push, on the
//     stack and on the same-shape floor (what the design itself does at that rate on this machine)
//   - the board read with 1k and with 100k completed appointments in its history
//   - the Reports answer over one week and over two years (~50,000 jobs of history)
//   - cold start (spawn -> GET /api/health 200) and each service's idle memory (VmRSS)
//   - a big day, on a second stack with two gateways: 1,000 open jobs and 100 technicians on
//     shift; the board's answer (p99, bytes), Chromium's time from a push to the card on screen
//     (phone and desktop) and Lighthouse mobile on the dispatcher's board; then 300 staff sockets
//     over the two gateways while bookings arrive at 50/s and technicians report positions every
//     10 s (push p99 on every socket, memory per socket and per gateway); and the bytes a
//     technician's and an admin's socket receive per minute as technicians grow from 10 to 100
//
// The public pages' JS and Lighthouse are measured beside the web app of an earlier commit, built
// in the same run and served by a second gateway of the same stack (scripts/lib/bench-earlier.mjs),
// Lighthouse alternating between the two: BENCH_EARLIER_REF names the commit (default: before
// issues 21-23), BENCH_EARLIER_REF=none skips it.
//
// BENCH_CPU_PROF=1 profiles every service (scripts/lib/cpu-profile.cjs); the profiles land in
// bench-results/profiles/ when the stack stops (open them in Chrome DevTools or speedscope).
// --no-browser skips the JS sizes and Lighthouse (quicker runs while working on the API).
// --only=public runs only the public pages beside the earlier build (a few minutes), printed and
// written to bench-results/public.json; --only=staff only the staff screens' time to content
// (bench-results/staff.json); --only=load only the booking load (the stack, the floors and the
// form's path before and after issue 33, with CPU per booking; bench-results/load.json);
// --only=growth only a booking's rows read and CPU at about 300 and about 3,000 open jobs
// (scripts/lib/bench-growth.mjs; bench-results/growth.json); --only=field only the field app's
// first-screen JS and Lighthouse beside the landing page, then its push to the card at 1,000 open
// jobs (bench-results/field.json).
//
// Benchmarks are not tests: nothing here fails on a slow number. Benchmarks are noisy on shared
// machines; compare runs on the same machine.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  benchBoardRead,
  benchBookings,
  formBooking,
  twoCallBooking,
  addTechniciansOnShift,
  benchDispatching,
  benchReportRead,
  bookOpenJobs,
  benchPush,
  benchStatusPush,
} from './lib/bench-api.mjs';
import { startFloor } from './lib/bench-floor.mjs';
import { startShapeFloor } from './lib/bench-shape-floor.mjs';
import {
  cpuPerBooking,
  freshness,
  removeSeededHistory,
  rssOf,
  seedCompletedHistory,
  SHARED_SERVERS,
  shapeFloorBoard,
  stackBoard,
  throughput,
} from './lib/bench-load.mjs';
import {
  BOARD_VIEWPORTS,
  benchBoardScreen,
  benchStaffScreens,
  lighthousePath,
  measureJsBytes,
  runLighthouse,
} from './lib/bench-browser.mjs';
import { DEFAULT_EARLIER_REF, buildEarlierWeb, serveWithGateway } from './lib/bench-earlier.mjs';
import { benchGrowth, growthRows } from './lib/bench-growth.mjs';
import { benchManySockets, benchTechnicianBytes } from './lib/bench-sockets.mjs';
import { build, isStackBuilt, loadStack, paint, ROOT, untilMachineQuiet } from './lib/procs.mjs';

const argv = process.argv.slice(2);
const forceBuild = argv.includes('--build');
/** `--only=<section>`: one section of the bench instead of all of it. */
const SECTIONS = ['public', 'staff', 'load', 'growth', 'field'];
const only = argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only !== undefined && !SECTIONS.includes(only)) {
  console.error(`bench: --only takes one of: ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const withBrowser = !argv.includes('--no-browser') || only === 'public' || only === 'field';
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S) || 1200;
/** The earlier commit whose public pages are measured beside this build's ('none': not measured). */
const EARLIER_REF = process.env.BENCH_EARLIER_REF || DEFAULT_EARLIER_REF;

const PUBLIC_ROUTES = [
  '/',
  '/customer-form',
  '/confirmation',
  '/faq',
  '/pricing',
  '/about',
  '/terms-of-service',
];
/**
 * Lighthouse's pages: path, how the table names it, and its goal (perf). `:token` is a booking's;
 * the pages without one are measured beside the earlier build too.
 */
const LIGHTHOUSE_PAGES = [
  { path: '/', shown: '/', goal: 98 },
  { path: '/customer-form', shown: '/customer-form', goal: 98 },
  { path: '/confirmation/:token', shown: '/confirmation/<token> (ASAP)', goal: 98 },
  { path: '/track/:token', shown: '/track/<token> (ASAP, live)', goal: 95 },
];
/** The signed-in board a technician opens on a phone, with this many open jobs on it. */
const BOARD_ROUTE = '/dispatch';
/** The technicians' own app (issue 34). */
const FIELD_ROUTE = '/field/';
const N = {
  sequential: 50,
  concurrency: 10,
  /** Each board read takes a few ms, so a background hiccup moves the p50 of few: take many. */
  boardReads: 200,
  boardWarmup: 20,
  push: 20,
  statusJobs: 15,
  warmup: 5,
  throughputSeconds: 8,
  /** A pause before each measured booking run, for the events of the one before to be consumed. */
  settleSeconds: 3,
  freshnessRate: 150,
  freshnessSeconds: 20,
  boardOpenJobs: 50,
  historySmall: 1_000,
  historyLarge: 100_000,
  /** Two years of ~68 jobs a day: about 50,000 jobs behind the Reports screen. */
  reportDays: 730,
  reportJobsPerDay: 68,
  reportReads: 100,
  idleSeconds: 3,
  dispatchTechnicians: 50,
  dispatchOpenJobs: 500,
  suggestionReads: 200,
  queuePushes: 20,
  /** The big day (issue 24, section 3), on its own stack with two gateways. */
  dayOpenJobs: 1_000,
  dayTechnicians: 100,
  dayScreenPushes: 40,
  /** 300 staff sockets: technicians' phones and admins' boards (section 2). */
  socketTechnicians: 270,
  socketAdmins: 30,
  socketRate: 50,
  socketSeconds: 20,
  /** A technician's bytes per minute as the team grows (section 2). */
  byteCounts: [10, 100],
  byteSeconds: 30,
  /** The median of these is reported (BENCH_LIGHTHOUSE_RUNS; each run takes 10-20 s). */
  lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3,
};

/** The goals the issues set, printed next to each figure. */
const GOALS = {
  /** The field app (issue 34): its first screen's JS, gzip; Lighthouse mobile performance. */
  fieldFirstScreenGzip: 60 * 1024,
  fieldLighthouse: 95,
  /** Two frames: a job the office gives a technician is on their phone's screen (4x slower CPU). */
  fieldPushToCardP99Ms: 33,
  /** The stack's bookings/s against the same-shape floor's (issue 24). */
  shapeRatio: 0.6,
  freshnessP99Ms: 25,
  socketsPushP99Ms: 100,
  /** A technician's bytes per minute from 10 to 100 technicians: about flat. */
  technicianBytesGrowth: 1.5,
  dayBoardLighthouse: 85,
  dayPushToCardP99Ms: 16,
  suggestionsP99Ms: 20,
  boardHistoryRatio: 1.2,
  reportRangeRatio: 1.2,
};

const log = (text) => console.error(paint(`bench: ${text}`, 2, process.stderr));
/** The entries of `record` named in `keys`. */
const pick = (record, keys) => Object.fromEntries(keys.map((key) => [key, record[key]]));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const mb = (bytes) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
const pct = (share) => `${Math.round(share * 100)} %`;

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

/**
 * The public pages (issue 32): the JS each route downloads and Lighthouse mobile, this build beside
 * the earlier commit's (its own gateway on the same stack), Lighthouse round by round over both
 * so they share the machine's load. A failed earlier build is reported, not fatal.
 */
async function benchPublicSite(stack, serviceEnv) {
  // The pages' clock reads the booking service's (noon in Cincinnati): the form offers ASAP then.
  const at = Date.parse(serviceEnv.BOOKING_FIXED_NOW);
  const { ApiClient } = loadStack();
  const site = { jsBytes: null, lighthouse: null, earlier: null };
  let earlier;
  let served;
  try {
    log('measuring JS per public route');
    site.jsBytes = await measureJsBytes(stack.baseUrl, PUBLIC_ROUTES, { at });
    if (EARLIER_REF !== 'none') {
      log(`building the web app of ${EARLIER_REF.slice(0, 12)} to measure beside it`);
      try {
        earlier = await buildEarlierWeb(EARLIER_REF);
        served = await serveWithGateway(stack, earlier.dist, serviceEnv);
        site.earlier = {
          ref: EARLIER_REF,
          commit: earlier.commit,
          jsBytes: await measureJsBytes(served.baseUrl, PUBLIC_ROUTES, { at }),
          lighthouse: null,
        };
      } catch (err) {
        log(`no earlier build to compare with: ${err.message}`);
        site.earlier = { ref: EARLIER_REF, error: err.message.split('\n')[0] };
      }
    }
    if (!lighthousePath()) {
      site.lighthouse = 'n/a (lighthouse not installed)';
      return site;
    }
    log(`running Lighthouse (mobile), ${N.lighthouseRuns} runs per page`);
    // A visitor's booking gives the confirmation and tracking pages something to show.
    const { appointment } = await new ApiClient(stack.baseUrl).bookAsap({
      name: 'Lighthouse Visitor',
      phone: '5135550199',
    });
    const urlOf = (baseUrl, page) =>
      new URL(page.path.replace(':token', String(appointment.token)), baseUrl).toString();
    const beside = served ? LIGHTHOUSE_PAGES.filter((page) => !page.path.includes(':token')) : [];
    // Each page next to its earlier self, so every round measures the pair back to back.
    const urls = LIGHTHOUSE_PAGES.flatMap((page) => [
      urlOf(stack.baseUrl, page),
      ...(beside.includes(page) ? [urlOf(served.baseUrl, page)] : []),
    ]);
    const scores = await runLighthouse(urls, N.lighthouseRuns, { at });
    site.lighthouse = Object.fromEntries(
      LIGHTHOUSE_PAGES.map((page) => [page.path, scores[urlOf(stack.baseUrl, page)]]),
    );
    if (beside.length) {
      site.earlier.lighthouse = Object.fromEntries(
        beside.map((page) => [page.path, scores[urlOf(served.baseUrl, page)]]),
      );
    }
    return site;
  } finally {
    await served?.stop();
    earlier?.remove();
  }
}

/** The public pages' rows of the table: each route's JS and each page's Lighthouse, beside the earlier build's. */
function publicSiteRows(site) {
  const rows = [];
  if (!site) return rows;
  const { earlier } = site;
  const at = earlier?.commit ? `${earlier.commit.slice(0, 7)}, earlier build, same run` : null;
  if (earlier?.error) rows.push(['Earlier build', earlier.ref, 'n/a', '', earlier.error]);
  for (const r of site.jsBytes ?? []) {
    rows.push(['JS gzip', r.route, kb(r.gzip), '', `raw ${kb(r.raw)}, ${r.scripts} scripts`]);
    const e = earlier?.jsBytes?.find((x) => x.route === r.route);
    if (e)
      rows.push([
        'JS gzip',
        `${r.route} (${at})`,
        kb(e.gzip),
        'reported',
        `raw ${kb(e.raw)}, ${e.scripts} scripts`,
      ]);
  }
  const lighthouseRow = (shown, s, goal) => [
    'Lighthouse mobile',
    shown,
    s ? `perf ${s.performance} / a11y ${s.accessibility}` : 'n/a',
    goal,
    s
      ? `median of ${s.runs.length} runs (perf ${s.runs.join(', ')}): LCP ${ms(s.lcpMs)}, TBT ${ms(s.tbtMs)}; best practices ${s['best-practices']}, SEO ${s.seo}`
      : '',
  ];
  for (const page of LIGHTHOUSE_PAGES) {
    if (typeof site.lighthouse === 'string') {
      rows.push(['Lighthouse mobile', page.shown, site.lighthouse, '', '']);
      continue;
    }
    rows.push(
      lighthouseRow(page.shown, site.lighthouse?.[page.path], `perf >= ${page.goal} / a11y 100`),
    );
    const e = earlier?.lighthouse?.[page.path];
    if (e) rows.push(lighthouseRow(`${page.shown} (${at})`, e, 'reported'));
  }
  return rows;
}

/**
 * The field app (issue 34): a technician's session and `openJobs` ASAP jobs booked by staff; the
 * JavaScript its first screen needs (what dist/field/index.html names, gzip) and all it has
 * downloaded by network idle (socket.io comes after the first screen); Lighthouse mobile on it,
 * round by round beside the public landing page, so both see the same machine.
 */
async function benchFieldApp(stack, admin, openJobs, { push = false } = {}) {
  const { ApiClient, asapAppointmentInput } = loadStack();
  const staff = new ApiClient(stack.baseUrl);
  await staff.login(admin.username, admin.password);
  await addTechniciansOnShift(stack.baseUrl, staff, 1, 'bench-field');
  for (let i = 0; i < openJobs; i++) {
    const customer = await staff.request('POST', '/api/customers', {
      name: `Field Customer ${i + 1}`,
      phone: `513555${String(2000 + i).padStart(4, '0')}`,
      email: null,
    });
    await staff.request('POST', '/api/appointments', asapAppointmentInput(customer.id));
  }
  const technician = new ApiClient(stack.baseUrl);
  await technician.login('bench-field-0', 'Bench-bench-field-0-x9');
  const cookies = ['cb_session']
    .map((name) => ({ name, value: technician.jar.get(name), url: stack.baseUrl }))
    .filter((c) => c.value);
  const [all] = await measureJsBytes(stack.baseUrl, [FIELD_ROUTE], { cookies });
  const urls = [FIELD_ROUTE, '/'].map((route) => new URL(route, stack.baseUrl).toString());
  const scores = lighthousePath() ? await runLighthouse(urls, N.lighthouseRuns, { cookies }) : null;
  let pushes = null;
  if (push) {
    // The same push on this small board first (the reference of the same run), then on the big
    // day's board; each once the stack is done with what it was given (texts of the bookings).
    let booked = 0;
    const measure = async () => {
      const { phone, busy } = await benchFieldPush(stack.baseUrl, staff, 'bench-field-0', () => {
        booked += 1;
        return { name: `Field Push ${booked}`, phone: `513557${String(booked).padStart(4, '0')}` };
      });
      return { ...phone, busy };
    };
    log(`the field app's push in Chromium (4x slower CPU) with ${openJobs} open jobs`);
    const small = await measure();
    await bookOpenJobs(staff, N.dayOpenJobs - openJobs - 2 * N.dayScreenPushes, {
      firstPhone: 5560000,
      concurrency: 4,
    });
    log(`the field app's push in Chromium (4x slower CPU) with ${N.dayOpenJobs} open jobs`);
    pushes = { small, big: await measure() };
  }
  return {
    firstScreen: fieldFirstScreenBytes(),
    all,
    lighthouse: scores?.[urls[0]] ?? null,
    landing: scores?.[urls[1]] ?? null,
    push: pushes,
  };
}

/**
 * Push to the card on the field app, on a phone with its CPU 4x slower: `technician` (made by
 * addTechniciansOnShift) has the app open; the office gives them one job each time. The jobs are
 * booked before the page opens and the machine left to go quiet: what is timed is the assignment's
 * push, and the bookings' own texts and emails do not run on the phone's cores meanwhile (a phone
 * shares its CPU with no server). Answers the push's figures and how busy the cores were before.
 */
async function benchFieldPush(baseUrl, staff, technician, nextVisitor) {
  const { ApiClient } = loadStack();
  const phone = new ApiClient(baseUrl);
  const technicianId = (await phone.login(technician, `Bench-${technician}-x9`)).id;
  const jobIds = [];
  for (let i = 0; i < N.dayScreenPushes; i++)
    jobIds.push((await staff.bookAsap(nextVisitor())).appointment.id);
  const busy = await untilMachineQuiet();
  const screen = await benchBoardScreen({
    baseUrl,
    cookies: [{ name: 'cb_session', value: phone.jar.get('cb_session'), url: baseUrl }],
    pushes: N.dayScreenPushes,
    viewports: { phone: BOARD_VIEWPORTS.phone },
    route: FIELD_ROUTE,
    cpuSlowdown: 4,
    floor: true,
    change: async (i) => {
      await staff.request('POST', `/api/appointments/${jobIds[i]}/assign`, { technicianId });
      return jobIds[i];
    },
  });
  return { ...screen, busy };
}

/** The scripts dist/field/index.html names (its entry and modulepreloads), raw and gzip. */
function fieldFirstScreenBytes() {
  const dist = path.join(ROOT, 'web', 'dist', 'field');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/field\/(assets\/[\w.-]+\.js)"/g)].map(
    (m) => m[1],
  );
  const bodies = files.map((file) => readFileSync(path.join(dist, file)));
  return {
    scripts: files.length,
    raw: bodies.reduce((n, b) => n + b.length, 0),
    gzip: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
  };
}

/** Push to the card on the field app at 1,000 open jobs: its row, in either section. */
const fieldPushRow = (what, f, openJobs) => [
  what,
  `Push -> card on screen, ${FIELD_ROUTE} phone, CPU 4x slower, ${openJobs} open jobs (n=${f.n})`,
  `p50 ${ms(f.p50)} / p99 ${ms(f.p99)}`,
  `p99 <= ${GOALS.fieldPushToCardP99Ms} ms`,
  `max ${ms(f.max)}${f.missed ? `, ${f.missed} not drawn in 3 s` : ''}; a job the office gives the technician, from the socket handler's mark to after the paint (the render: p50 ${ms(f.render?.p50)} / p99 ${ms(f.render?.p99)}; the frame alone: p50 ${ms(f.frame?.p50)} / p99 ${ms(f.frame?.p99)})`,
];

/**
 * The push's row, then the floor's (the same page drawing a copy of the card with no app work):
 * how much of the push is the app's own.
 */
const fieldPushRows = (what, f, openJobs) => [
  fieldPushRow(what, f, openJobs),
  ...(f.floor
    ? [
        [
          what,
          `The floor: the browser alone drawing a copy of the pushed card, same page (n=${f.floor.n})`,
          `p50 ${ms(f.floor.p50)} / p99 ${ms(f.floor.p99)}`,
          'the floor',
          `the push's p99 is ${(f.p99 / f.floor.p99).toFixed(2)}x this (${ms(f.p99 - f.floor.p99)} over it): the app's own share; the floor is the wait for a frame and the frame (alone: p50 ${ms(f.floor.frame.p50)} / p99 ${ms(f.floor.frame.p99)})`,
        ],
      ]
    : []),
];

/** The field app's rows: its first screen's JS, Lighthouse beside the landing page's, the push. */
function fieldAppRows(field) {
  if (!field) return [];
  const { firstScreen, all, lighthouse: s, landing } = field;
  const rows = [
    [
      'JS gzip',
      `${FIELD_ROUTE} (technician, first screen)`,
      kb(firstScreen.gzip),
      `<= ${kb(GOALS.fieldFirstScreenGzip)}`,
      `${firstScreen.scripts} scripts named by its HTML, raw ${kb(firstScreen.raw)}; ${kb(all.gzip)} in ${all.scripts} scripts by network idle (socket.io after the first screen)`,
    ],
  ];
  if (!s) rows.push(['Lighthouse mobile', FIELD_ROUTE, 'n/a (lighthouse not installed)', '', '']);
  else
    rows.push([
      'Lighthouse mobile',
      `${FIELD_ROUTE} (technician, ${N.boardOpenJobs} open jobs)`,
      `perf ${s.performance} / a11y ${s.accessibility}`,
      `perf >= ${GOALS.fieldLighthouse} / a11y 100, within 3 of /`,
      `the landing page in the same rounds: perf ${landing?.performance} / a11y ${landing?.accessibility}; median of ${s.runs.length} runs (perf ${s.runs.join(', ')}): LCP ${ms(s.lcpMs)}, TBT ${ms(s.tbtMs)}; best practices ${s['best-practices']}`,
    ]);
  if (field.push) {
    const { small, big } = field.push;
    // The Lighthouse board and the jobs booked for the pushes.
    const smallOpenJobs = N.boardOpenJobs + N.dayScreenPushes;
    rows.push(...fieldPushRows('Field app', big, N.dayOpenJobs));
    rows.push([
      ...fieldPushRow('Field app', small, smallOpenJobs).slice(0, 3),
      'the reference',
      `p99 ${(big.p99 / small.p99).toFixed(2)}x at ${N.dayOpenJobs} open jobs of this at ${smallOpenJobs}; cores busy ${pct(small.busy)} / ${pct(big.busy)} in the second before each`,
    ]);
  }
  return rows;
}

/** Each back-office screen: where it is, what says it is drawn, and the API its content waits on. */
const STAFF_SCREENS = [
  { route: '/dispatch', ready: 'text=Dispatch Dashboard', api: '/api/appointments' },
  { route: '/customer-database', ready: 'text=Customer Search', api: '/api/customers' },
  { route: '/inventory', ready: 'text=Inventory Management', api: '/api/inventory' },
  { route: '/schedules', ready: 'text=Schedules', api: '/api/schedules' },
  { route: '/day', ready: 'text=Day View', api: '/api/dispatch/day' },
  { route: '/messages', ready: 'text=Messages', api: '/api/messages' },
  { route: '/user-management', ready: 'text=User Management', api: '/api/users' },
  { route: '/reports', ready: 'text=Reports', api: '/api/reports' },
];

/** Time to content of each staff screen as an admin opens it, beside its API and chunks (issue 32). */
async function benchStaffScreenTimes(stack, admin) {
  const { ApiClient } = loadStack();
  const staff = new ApiClient(stack.baseUrl);
  await staff.login(admin.username, admin.password);
  // A few customers and jobs, so the lists have rows to draw.
  for (let i = 0; i < 10; i++) {
    await staff.bookAsap({
      name: `Screen Customer ${i + 1}`,
      phone: `513558${String(i).padStart(4, '0')}`,
    });
  }
  const cookies = [{ name: 'cb_session', value: staff.jar.get('cb_session'), url: stack.baseUrl }];
  log(`time to content of ${STAFF_SCREENS.length} staff screens`);
  return benchStaffScreens({ baseUrl: stack.baseUrl, cookies, screens: STAFF_SCREENS });
}

function staffScreenRows(screens) {
  return (screens ?? []).map((s) => [
    'Staff screen content',
    s.route,
    ms(s.contentMs),
    `<= ${ms(s.goalMs)}`,
    `${(s.contentMs / s.goalMs).toFixed(2)}x the goal (1.5 x API ${s.api} ${ms(s.apiMs)} + one round of its ${s.scripts} chunks ${ms(s.roundMs)}); the floor, its drawn HTML alone (${s.htmlKb} kB, no scripts): ${ms(s.floorMs)}, the goal ${(s.goalMs / s.floorMs).toFixed(2)}x it`,
  ]);
}

/**
 * A big day on a stack of its own with two gateways (issue 24, sections 2 and 3): 1,000 open jobs
 * and 100 technicians on shift; the board's answer, the board in Chromium (a push to its card on
 * screen; Lighthouse mobile) as the dispatcher; then 300 staff sockets over both
 * gateways under bookings and position reports, and a socket's bytes as the team grows.
 */
async function benchBigDay(day, admin) {
  const { ApiClient } = loadStack();
  const staff = new ApiClient(day.baseUrl);
  await staff.login(admin.username, admin.password);
  log(`the big day: ${N.dayTechnicians} technicians on shift, ${N.dayOpenJobs} open jobs`);
  await addTechniciansOnShift(day.baseUrl, staff, N.dayTechnicians, 'bench-day');
  await bookOpenJobs(staff, N.dayOpenJobs, { firstPhone: 5560000, concurrency: 4 });
  const result = {};
  await benchBoardRead(staff, N.boardWarmup);
  result.boardRead = await benchBoardRead(staff, N.boardReads);
  if (withBrowser) {
    // The dispatcher's board (technicians have the field app since issue 34).
    const cookies = ['cb_session']
      .map((name) => ({ name, value: staff.jar.get(name), url: day.baseUrl }))
      .filter((c) => c.value);
    log(`the board in Chromium with ${N.dayOpenJobs} cards: ${N.dayScreenPushes} pushes each`);
    let booked = 0;
    result.screen = await benchBoardScreen({
      baseUrl: day.baseUrl,
      cookies,
      pushes: N.dayScreenPushes,
      change: async () => {
        booked += 1;
        const { appointment } = await staff.bookAsap({
          name: `Screen Push ${booked}`,
          phone: `513557${String(booked).padStart(4, '0')}`,
        });
        return appointment.id;
      },
    });
    // The first technician's phone (their password is the one addTechniciansOnShift gave them).
    log(`the field app in Chromium (4x slower CPU) with ${N.dayOpenJobs} open jobs`);
    result.fieldScreen = await benchFieldPush(day.baseUrl, staff, 'bench-day-0', () => {
      booked += 1;
      return { name: `Field Push ${booked}`, phone: `513557${String(booked).padStart(4, '0')}` };
    });
    if (lighthousePath()) {
      log(`Lighthouse (mobile) on the board with ${N.dayOpenJobs} open jobs`);
      const url = new URL(BOARD_ROUTE, day.baseUrl).toString();
      const scores = await runLighthouse([url], N.lighthouseRuns, { cookies });
      result.lighthouse = scores[url];
    }
  }
  log(
    `${N.socketTechnicians + N.socketAdmins} staff sockets over ${day.baseUrls.length} gateways, bookings at ${N.socketRate}/s`,
  );
  result.sockets = await benchManySockets({
    baseUrls: day.baseUrls,
    pids: day.pids(),
    admin,
    technicians: N.socketTechnicians,
    admins: N.socketAdmins,
    rate: N.socketRate,
    seconds: N.socketSeconds,
  });
  log(`a socket's bytes per minute with ${N.byteCounts.join(' and then ')} technicians`);
  result.bytes = await benchTechnicianBytes({
    baseUrl: day.baseUrl,
    admin,
    counts: N.byteCounts,
    seconds: N.byteSeconds,
  });
  return result;
}

/**
 * The booking load (the form's path, one POST /api/bookings) on the stack, the one-process floor
 * and the same-shape floor, with CPU ms per booking of each process; and on the stack the form's
 * path before issue 33 (two calls: POST /api/customers, then POST /api/appointments), in the same
 * run, so the one call's saving is measured, not remembered.
 */
async function benchBookingLoad(stack) {
  const load = {};
  let floor;
  let shapeFloor;
  try {
    log("measuring the form's path on the stack: two calls, one call, two calls again");
    const visitors = { concurrency: N.concurrency, seconds: N.throughputSeconds };
    const processes = { ...stack.pids(), ...SHARED_SERVERS };
    // Both paths warm (JIT, pools, caches) before either is measured, each measured run starts
    // once the events of the one before are consumed, and the two calls run on both sides of the
    // one call: a first pass measured the two calls first, cold, and gave them 13.9 ms against 7.3.
    for (const book of [twoCallBooking, formBooking])
      await throughput(stack.baseUrl, { concurrency: N.concurrency, seconds: 2, book });
    const measure = async (book) => {
      await sleep(N.settleSeconds * 1000);
      return cpuPerBooking(processes, () => throughput(stack.baseUrl, { ...visitors, book }));
    };
    const twoCalls = [await measure(twoCallBooking)];
    // CPU per booking of each process says where the gap to the floors is (Postgres and NATS
    // serve all three: theirs is the servers' share); the whole machine's says whether the run
    // was bound by CPU.
    const onStack = await measure(formBooking);
    twoCalls.push(await measure(twoCallBooking));
    load.twoCalls = twoCalls.map((run) => run.result);
    load.twoCallsCpuMs = meanOf(
      twoCalls.map((run) => pick(run.perBooking, Object.keys(stack.pids()))),
    );
    load.twoCallsServersCpuMs = meanOf(
      twoCalls.map((run) => pick(run.perBooking, Object.keys(SHARED_SERVERS))),
    );
    load.twoCallsMachineCpu = twoCalls.map((run) => run.machine);
    log('measuring booking throughput (one call): the one-process floor, the same-shape floor');
    load.stack = onStack.result;
    load.stackCpuMs = pick(onStack.perBooking, Object.keys(stack.pids()));
    load.stackServersCpuMs = pick(onStack.perBooking, Object.keys(SHARED_SERVERS));
    load.stackMachineCpu = onStack.machine;
    floor = await startFloor(stack.databaseUrl);
    const onFloor = await cpuPerBooking({ floor: floor.pid, ...SHARED_SERVERS }, () =>
      throughput(floor.baseUrl, visitors),
    );
    load.floor = onFloor.result;
    load.floorCpuMs = onFloor.perBooking.floor;
    load.floorServersCpuMs = pick(onFloor.perBooking, Object.keys(SHARED_SERVERS));
    load.floorMachineCpu = onFloor.machine;
    await floor.stop();
    floor = undefined;
    load.throughputRatio = load.stack.perSecond / load.floor.perSecond;
    shapeFloor = await startShapeFloor(stack.databaseUrl, stack.natsUrl);
    const onShape = await cpuPerBooking({ ...shapeFloor.pids, ...SHARED_SERVERS }, () =>
      throughput(shapeFloor.baseUrl, visitors),
    );
    load.shapeFloor = { ...onShape.result, after: await shapeFloor.settled() };
    load.shapeFloorCpuMs = pick(onShape.perBooking, Object.keys(shapeFloor.pids));
    load.shapeFloorServersCpuMs = pick(onShape.perBooking, Object.keys(SHARED_SERVERS));
    load.shapeFloorMachineCpu = onShape.machine;
    // The design at its minimum under the freshness run's load: what any stack of this shape can
    // do on this machine (its board hears the booking's own event, one hop fewer than the stack's).
    log(`measuring the same-shape floor's freshness at ${N.freshnessRate} bookings/s`);
    load.shapeFloorFreshness = await freshness(
      shapeFloor.baseUrl,
      shapeFloorBoard(shapeFloor.baseUrl),
      { rate: N.freshnessRate, seconds: N.freshnessSeconds },
    );
    await shapeFloor.stop();
    shapeFloor = undefined;
    load.shapeRatio = load.stack.perSecond / load.shapeFloor.perSecond;

    return load;
  } finally {
    await floor?.stop();
    await shapeFloor?.stop();
  }
}

/** The mean of each key over records of the same keys (null where any is null). */
function meanOf(records) {
  return Object.fromEntries(
    Object.keys(records[0]).map((key) => {
      const values = records.map((r) => r[key]);
      return [
        key,
        values.some((v) => v === null) ? null : values.reduce((a, b) => a + b, 0) / values.length,
      ];
    }),
  );
}

/**
 * The booking load's rows: bookings/s against the floors, CPU ms per booking by process and
 * server, and the form's path before (two calls) and after (one call).
 */
function bookingLoadRows(l, cpus) {
  const rows = [];
  const sf = l.shapeFloor;
  const failed = [l.stack, sf, l.floor].map((r) => r.failed);
  rows.push([
    'Load',
    `Bookings/s, stack / same-shape floor (${N.concurrency} visitors, ${N.throughputSeconds} s each)`,
    `${l.stack.perSecond.toFixed(0)} / ${sf.perSecond.toFixed(0)} = ${l.shapeRatio.toFixed(2)}`,
    `>= ${GOALS.shapeRatio}`,
    `the form's one call (POST /api/bookings: customer + appointment); same-shape: node:http gateway -> NATS request -> booking worker (pg, outbox) -> relay -> JetStream -> 2 pull consumers, and a board's feed; ${settledText(sf.after)}${failed.some(Boolean) ? `; ${failed.join('/')} failed (stack/same-shape/floor)` : ''}`,
  ]);
  rows.push([
    'Load',
    'Bookings/s, stack / one-process floor',
    `${l.stack.perSecond.toFixed(0)} / ${l.floor.perSecond.toFixed(0)} = ${l.throughputRatio.toFixed(2)}`,
    'reported',
    'floor: one node:http + pg process, same inserts + outbox row; no NATS, no second process',
  ]);
  const cpu = (v) => (v === null || v === undefined ? 'n/a' : v.toFixed(1));
  /** "name ms" for each process (or server) of a record, joined by `separator`. */
  const cpuByName = (record, separator) =>
    Object.entries(record)
      .map(([name, v]) => `${name} ${cpu(v)}`)
      .join(separator) || 'n/a';
  const total = (record) => Object.values(record).reduce((sum, v) => sum + (v ?? 0), 0);
  const byRole = sideBySide(l.stackCpuMs, l.shapeFloorCpuMs);
  rows.push([
    'Load',
    'CPU ms per booking by process, stack / same-shape floor',
    byRole.map(({ role, stack, shape }) => `${role} ${cpu(stack)} / ${cpu(shape)}`).join(', '),
    'reported',
    `consumers: the stack's ${cpuByName(byRole[2].stackParts, ', ')}; the same-shape's ${cpuByName(byRole[2].shapeParts, ', ')} (the stack's booking also relays its outbox and runs consumers)`,
  ]);
  rows.push([
    'Load',
    'CPU ms per booking, stack / same-shape / floor (during the runs above)',
    `${cpu(total(l.stackCpuMs))} / ${cpu(total(l.shapeFloorCpuMs))} / ${cpu(l.floorCpuMs)}`,
    'reported',
    `our processes, summed: ${cpuByName(l.stackCpuMs, ', ')}`,
  ]);
  rows.push([
    'Load',
    'Postgres and NATS CPU ms per booking, stack / same-shape / floor',
    [l.stackServersCpuMs, l.shapeFloorServersCpuMs, l.floorServersCpuMs]
      .map((servers) => cpuByName(servers, ' + '))
      .join(' / '),
    'reported',
    'all their processes; other users of the same servers too',
  ]);
  const machine = (m) =>
    m ? `${cpu(m.msPerBooking)} (${m.cores.toFixed(1)} of ${cpus} cores busy)` : 'n/a';
  rows.push([
    'Load',
    'Machine CPU ms per booking, stack / same-shape / floor (all processes)',
    [l.stackMachineCpu, l.shapeFloorMachineCpu, l.floorMachineCpu].map(machine).join(' / '),
    'reported',
    l.shapeFloorMachineCpu
      ? `when bound by CPU, ${GOALS.shapeRatio} of the same-shape floor needs <= ${cpu(l.shapeFloorMachineCpu.msPerBooking / GOALS.shapeRatio)} ms; the load generator and other work included`
      : 'the load generator and other work on the machine included',
  ]);
  // The form's path before and after issue 33, both on the stack, in this run (two calls: the
  // mean of the runs before and after the one call).
  const before = total(l.twoCallsCpuMs);
  const after = total(l.stackCpuMs);
  const twoCallsFailed = l.twoCalls.reduce((sum, r) => sum + r.failed, 0);
  rows.push([
    'Load',
    "The form's booking, CPU ms per booking on the stack: two calls (before) / one call (after)",
    `${cpu(before)} / ${cpu(after)} (${(((after - before) / before) * 100).toFixed(0)}%)`,
    'reported',
    `our processes; by process, before: ${cpuByName(l.twoCallsCpuMs, ', ')}; after: ${cpuByName(l.stackCpuMs, ', ')}`,
  ]);
  rows.push([
    'Load',
    "The form's booking, Postgres and NATS CPU ms per booking: two calls / one call",
    `${cpuByName(l.twoCallsServersCpuMs, ' + ')} / ${cpuByName(l.stackServersCpuMs, ' + ')}`,
    'reported',
    `machine ${l.twoCallsMachineCpu.map(machine).join(' and ')} / ${machine(l.stackMachineCpu)}; bookings/s ${l.twoCalls.map((r) => r.perSecond.toFixed(0)).join(' and ')} / ${l.stack.perSecond.toFixed(0)}${twoCallsFailed ? `; ${twoCallsFailed} two-call bookings failed` : ''}`,
  ]);
  return rows;
}

/**
 * The stack's CPU ms per booking beside the same-shape floor's, process by process: gateway and
 * booking each against theirs (replicas summed), and every other service of the stack (the
 * consumers' services) against the floor's relay and consumers; with the parts of that last pair.
 */
function sideBySide(stackCpuMs, shapeCpuMs) {
  const role = (name) => {
    const kind = name.replace(/#\d+$/, '');
    return kind === 'gateway' || kind === 'booking' ? kind : 'consumers';
  };
  const sum = (record, wanted) => {
    const parts = Object.entries(record).filter(([name, v]) => role(name) === wanted && v !== null);
    return {
      ms: parts.length ? parts.reduce((total, [, v]) => total + v, 0) : null,
      parts: Object.fromEntries(parts),
    };
  };
  return ['gateway', 'booking', 'consumers'].map((wanted) => {
    const stack = sum(stackCpuMs, wanted);
    const shape = sum(shapeCpuMs, wanted);
    return {
      role: wanted,
      stack: stack.ms,
      shape: shape.ms,
      stackParts: stack.parts,
      shapeParts: shape.parts,
    };
  });
}

/** Whether the same-shape floor had carried every booking's event all the way when it was read. */
function settledText(after) {
  if (after.done)
    return `all ${after.appointments} events applied by both consumers and heard by the board ${(after.waitedMs / 1000).toFixed(1)} s after the run`;
  const applied = Object.entries(after.applied)
    .map(([consumer, n]) => `${consumer} ${n}`)
    .join(', ');
  return `${(after.waitedMs / 1000).toFixed(0)} s after the run, of ${after.appointments} events: ${after.unpublished} unpublished, applied ${applied || 'none'}, board heard ${after.boardHeard}`;
}

/** Prints rows of [group, measure, value, goal, detail] as aligned columns. */
function printTable(rows) {
  const header = ['Group', 'Measure', 'Value', 'Goal', 'Detail'];
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
  const { ApiClient, ensureInfra, fillDemoHistory, startStack } = loadStack();
  const infra = await ensureInfra(process.env, { onNote: log });
  if (!infra.ok) {
    console.error(`\n${infra.message}\n`);
    process.exitCode = 1;
    return;
  }

  const require = createRequire(path.join(ROOT, 'package.json'));
  const { addDays, businessDate, businessInstant } = require('@cincy/contracts');
  const admin = {
    username: 'bench-admin',
    password: `Bench-${randomBytes(9).toString('base64url')}`,
  };
  // ASAP is refused outside 9 AM-9 PM: pin the booking clock to today noon in Cincinnati.
  const fixedNow = businessInstant(businessDate(), 12).toISOString();

  const profileDir = path.join(ROOT, 'bench-results', 'profiles');
  const profiling = !!process.env.BENCH_CPU_PROF;
  if (profiling) mkdirSync(profileDir, { recursive: true });

  log('starting a stack');
  const spawned = performance.now();
  const serviceEnv = {
    BOOKING_RATE_LIMIT: '0',
    TIME_SLOTS_RATE_LIMIT: '0',
    SLOT_CAPACITY: '100000',
    BOOKING_FIXED_NOW: fixedNow,
    ...(profiling
      ? {
          NODE_OPTIONS: `--require ${path.join(ROOT, 'scripts', 'lib', 'cpu-profile.cjs')}`,
          CPU_PROF_DIR: profileDir,
        }
      : {}),
  };
  const stack = await startStack({ throwaway: { label: 'bench' }, admin, serviceEnv });
  const coldStartMs = performance.now() - spawned;

  let stopping = false;
  /** The stack the watchdog stops: this one, then the big day's. */
  let running = stack;
  const watchdog = setTimeout(() => {
    console.error(`bench: gave up after ${TIMEOUT_S} s; stopping the stack`);
    stopping = true;
    running
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
    publicSite: null,
    api: {},
    coldStartMs,
    idleRss: {},
    load: {},
  };
  try {
    await sleep(N.idleSeconds * 1000);
    for (const [name, pid] of Object.entries(stack.pids())) results.idleRss[name] = rssOf(pid);

    if (only === 'staff') {
      results.staffScreens = await benchStaffScreenTimes(stack, admin);
      results.seconds = Math.round((Date.now() - started) / 1000);
      printResults('staff screens', results, staffScreenRows(results.staffScreens), 'staff.json');
      return; // the finally below stops the stack
    }
    if (only === 'load') {
      await benchBookings(stack.baseUrl, N.warmup, 1); // warm connections, JIT and caches
      results.load = await benchBookingLoad(stack);
      results.seconds = Math.round((Date.now() - started) / 1000);
      printResults(
        'booking load',
        results,
        bookingLoadRows(results.load, results.cpus),
        'load.json',
      );
      return;
    }
    if (only === 'field') {
      results.field = await benchFieldApp(stack, admin, N.boardOpenJobs, { push: true });
      results.seconds = Math.round((Date.now() - started) / 1000);
      printResults('field app', results, fieldAppRows(results.field), 'field.json');
      return; // the finally below stops the stack
    }
    if (only === 'growth') {
      results.growth = await benchGrowth(stack, admin, log);
      results.seconds = Math.round((Date.now() - started) / 1000);
      printResults('growth', results, growthRows(results.growth), 'growth.json');
      return; // the finally below stops the stack
    }
    results.publicSite = withBrowser
      ? await benchPublicSite(stack, serviceEnv)
      : { jsBytes: null, lighthouse: 'n/a (--no-browser)', earlier: null };
    if (only === 'public') {
      results.seconds = Math.round((Date.now() - started) / 1000);
      printResults('public pages', results, publicSiteRows(results.publicSite), 'public.json');
      return; // the finally below stops the stack
    }

    if (withBrowser) {
      log(`the field app as a technician with ${N.boardOpenJobs} open jobs`);
      results.field = await benchFieldApp(stack, admin, N.boardOpenJobs);
      results.staffScreens = await benchStaffScreenTimes(stack, admin);
    }

    log('measuring the API');
    await benchBookings(stack.baseUrl, N.warmup, 1); // warm connections, JIT and caches
    results.api.bookSequential = await benchBookings(stack.baseUrl, N.sequential, 1);
    const staff = new ApiClient(stack.baseUrl);
    await staff.login(admin.username, admin.password);
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

    log(`measuring the board with ${N.historySmall} and ${N.historyLarge} jobs in its history`);
    await seedCompletedHistory(stack.databaseUrl, 1, N.historySmall);
    await benchBoardRead(staff, N.boardWarmup);
    results.load.boardSmall = await benchBoardRead(staff, N.boardReads);
    await seedCompletedHistory(
      stack.databaseUrl,
      N.historySmall + 1,
      N.historyLarge - N.historySmall,
    );
    await benchBoardRead(staff, N.boardWarmup);
    results.load.boardLarge = await benchBoardRead(staff, N.boardReads);
    // Small, large, small again: the machine's load drifts, so the large reads are compared
    // with the small ones on both sides of them.
    await removeSeededHistory(stack.databaseUrl, N.historySmall + 1);
    await benchBoardRead(staff, N.boardWarmup);
    results.load.boardSmallAgain = await benchBoardRead(staff, N.boardReads);
    results.load.boardRatio =
      results.load.boardLarge.p50 /
      ((results.load.boardSmall.p50 + results.load.boardSmallAgain.p50) / 2);

    log(`measuring the Reports answer over a week and over ${N.reportDays} days of history`);
    const yesterday = addDays(businessDate(), -1);
    results.reports = {
      seeded: await fillDemoHistory(stack.databaseUrl, {
        days: N.reportDays,
        endDate: yesterday,
        jobsPerDay: N.reportJobsPerDay,
      }),
    };
    const week = { from: addDays(yesterday, -6), to: yesterday };
    const twoYears = { from: addDays(yesterday, -(N.reportDays - 1)), to: yesterday };
    await benchReportRead(staff, twoYears, N.boardWarmup);
    // Week, two years, week again: the machine's load drifts, so both sides are compared.
    results.reports.week = await benchReportRead(staff, week, N.reportReads);
    results.reports.twoYears = await benchReportRead(staff, twoYears, N.reportReads);
    results.reports.weekAgain = await benchReportRead(staff, week, N.reportReads);
    results.reports.ratio =
      results.reports.twoYears.p50 /
      ((results.reports.week.p50 + results.reports.weekAgain.p50) / 2);

    Object.assign(results.load, await benchBookingLoad(stack));

    log(`measuring board freshness at ${N.freshnessRate} bookings/s for ${N.freshnessSeconds} s`);
    results.load.freshness = await freshness(stack.baseUrl, stackBoard(stack.baseUrl, staff), {
      rate: N.freshnessRate,
      seconds: N.freshnessSeconds,
    });

    // Last: its 500 open jobs and 50 technicians would weigh on every figure above.
    log(
      `measuring dispatching with ${N.dispatchTechnicians} technicians and ${N.dispatchOpenJobs} open jobs`,
    );
    results.dispatching = await benchDispatching(stack.baseUrl, staff, {
      technicians: N.dispatchTechnicians,
      openJobs: N.dispatchOpenJobs,
      reads: N.suggestionReads,
      pushes: N.queuePushes,
    });
  } finally {
    if (!stopping) {
      log('stopping the stack and dropping its database');
      await stack.stop();
    }
  }
  try {
    log('starting a second stack with two gateways for the big day');
    running = await startStack({
      throwaway: { label: 'bench-day' },
      admin,
      replicas: { gateway: 2 },
      serviceEnv,
    });
    results.bigDay = await benchBigDay(running, admin);
  } finally {
    if (!stopping) await running.stop();
  }
  try {
    // On a fresh stack: what the sections above leave on a board would change both sizes.
    log("starting a third stack for the growth of a booking's cost");
    running = await startStack({ throwaway: { label: 'bench-growth' }, admin, serviceEnv });
    results.growth = await benchGrowth(running, admin, log);
  } finally {
    if (!stopping) await running.stop();
    clearTimeout(watchdog);
  }
  results.seconds = Math.round((Date.now() - started) / 1000);

  // ---- the table
  const rows = [...publicSiteRows(results.publicSite), ...staffScreenRows(results.staffScreens)];
  rows.push(...fieldAppRows(results.field));
  const a = results.api;
  rows.push([
    'API',
    `POST /api/appointments sequential (n=${a.bookSequential.n})`,
    `p50 ${ms(a.bookSequential.p50)} / p95 ${ms(a.bookSequential.p95)}`,
    '',
    `max ${ms(a.bookSequential.max)}, ${a.bookSequential.perSecond.toFixed(0)}/s`,
  ]);
  rows.push([
    'Push',
    `POST -> socket.io board.changed (n=${a.push.n})`,
    `p50 ${ms(a.push.p50)} / p95 ${ms(a.push.p95)}`,
    '',
    `max ${ms(a.push.max)}${a.push.missed ? `, ${a.push.missed} never pushed (10 s)` : ''}`,
  ]);
  rows.push([
    'Push',
    `PATCH status -> board.changed on a second board (n=${a.statusPush.n})`,
    `p50 ${ms(a.statusPush.p50)} / p99 ${ms(a.statusPush.p99)}`,
    '',
    `max ${ms(a.statusPush.max)}${a.statusPush.missed ? `, ${a.statusPush.missed} never pushed (10 s)` : ''}`,
  ]);
  const l = results.load;
  rows.push(...bookingLoadRows(l, results.cpus));
  const freshnessDetail = (f) =>
    `max ${ms(f.max)}, ${f.lost} lost, ${f.failed} failed${f.failed ? ` (${Object.keys(f.failures)[0]})` : ''}, booking answer p99 ${ms(f.answerP99)}`;
  const f = l.freshness;
  rows.push([
    'Load',
    `Answer -> board.changed at ${f.offeredPerSecond}/s for ${N.freshnessSeconds} s (n=${f.n})`,
    `p50 ${ms(f.p50)} / p95 ${ms(f.p95)} / p99 ${ms(f.p99)}`,
    `p99 <= ${GOALS.freshnessP99Ms} ms, none lost`,
    freshnessDetail(f),
  ]);
  const floorFresh = l.shapeFloorFreshness;
  if (floorFresh)
    rows.push([
      'Load',
      `The same on the same-shape floor: answer -> its board's event (n=${floorFresh.n})`,
      `p50 ${ms(floorFresh.p50)} / p95 ${ms(floorFresh.p95)} / p99 ${ms(floorFresh.p99)}`,
      'reported',
      `the design at its minimum on this machine; ${freshnessDetail(floorFresh)}`,
    ]);
  rows.push([
    'Load',
    `GET /api/appointments with ${N.historySmall / 1000}k / ${N.historyLarge / 1000}k completed in history`,
    `p50 ${ms(l.boardSmall.p50)}, ${ms(l.boardSmallAgain.p50)} / ${ms(l.boardLarge.p50)} = ${l.boardRatio.toFixed(2)}x`,
    `<= ${GOALS.boardHistoryRatio}x`,
    `1k before and after 100k; p95 ${ms(l.boardSmall.p95)} / ${ms(l.boardLarge.p95)}, ${l.boardLarge.appointments} listed (history seeded with SQL)`,
  ]);
  if (results.reports) {
    const { week, weekAgain, twoYears, ratio, seeded } = results.reports;
    rows.push([
      'Reports',
      `GET /api/reports, one week / ${N.reportDays} days (${twoYears.jobs} jobs, n=${twoYears.n})`,
      `p50 ${ms(week.p50)}, ${ms(weekAgain.p50)} / ${ms(twoYears.p50)} = ${ratio.toFixed(2)}x`,
      `<= ${GOALS.reportRangeRatio}x`,
      `p99 ${ms(week.p99)} / ${ms(twoYears.p99)}; ${kb(week.bytes)} / ${kb(twoYears.bytes)} (${twoYears.periods} ${twoYears.bucket}s); ${seeded.jobs} jobs seeded with SQL, read from stored daily rows`,
    ]);
  }
  if (results.dispatching) {
    const { suggestions: sg, queuePush: qp } = results.dispatching;
    rows.push([
      'Dispatch',
      `GET suggestions, ${N.dispatchTechnicians} technicians, ${N.dispatchOpenJobs} open jobs (n=${sg.n})`,
      `p50 ${ms(sg.p50)} / p99 ${ms(sg.p99)}`,
      `p99 <= ${GOALS.suggestionsP99Ms} ms`,
      `${sg.ranked} technicians ranked, max ${ms(sg.max)}`,
    ]);
    rows.push([
      'Dispatch',
      `Booking -> queue.changed, ${N.dispatchOpenJobs}+ waiting (n=${qp.n})`,
      `p50 ${ms(qp.p50)} / p99 ${ms(qp.p99)}`,
      'reported',
      `max ${ms(qp.max)}${qp.lost ? `, ${qp.lost} never pushed (10 s)` : ''}; events within 100 ms share a recomputation`,
    ]);
  }
  const d = results.bigDay;
  if (d) {
    const day = `${N.dayOpenJobs} open jobs, ${N.dayTechnicians} technicians`;
    rows.push([
      'Big day',
      `GET /api/appointments, ${day} (n=${d.boardRead.n})`,
      `p50 ${ms(d.boardRead.p50)} / p99 ${ms(d.boardRead.p99)}`,
      'reported',
      `${d.boardRead.appointments} jobs listed${d.screen ? `; ${kb(d.screen.board.raw)} raw, ${kb(d.screen.board.gzip)} gzip` : ''}`,
    ]);
    for (const [viewport, t] of Object.entries(d.screen ?? {})) {
      if (viewport === 'board') continue;
      rows.push([
        'Big day',
        `Push -> card on screen, Chromium ${viewport} (n=${t.n})`,
        `p50 ${ms(t.p50)} / p99 ${ms(t.p99)}`,
        `p99 <= ${GOALS.dayPushToCardP99Ms} ms`,
        `max ${ms(t.max)}${t.missed ? `, ${t.missed} not drawn in 3 s` : ''}; from the socket handler's mark to after the paint of the frame with the card (the frame alone: p50 ${ms(t.frame?.p50)} / p99 ${ms(t.frame?.p99)}; a push waits for the next frame, up to 16.7 ms)`,
      ]);
    }
    if (d.fieldScreen?.phone)
      rows.push(...fieldPushRows('Big day', d.fieldScreen.phone, N.dayOpenJobs));
    if (d.lighthouse) {
      const s = d.lighthouse;
      rows.push([
        'Big day',
        `Lighthouse mobile, ${BOARD_ROUTE} (dispatcher, ${day})`,
        `perf ${s.performance} / a11y ${s.accessibility}`,
        `perf >= ${GOALS.dayBoardLighthouse} / a11y 100`,
        `median of ${s.runs.length} runs (perf ${s.runs.join(', ')}): LCP ${ms(s.lcpMs)}, TBT ${ms(s.tbtMs)}`,
      ]);
    }
    const k = d.sockets;
    rows.push([
      'Sockets',
      `Answer -> board.changed on ${k.sockets.technicians + k.sockets.admins} sockets over ${k.sockets.gateways} gateways, ${k.bookings.offeredPerSecond}/s for ${k.bookings.seconds} s (n=${k.push.n})`,
      `p50 ${ms(k.push.p50)} / p99 ${ms(k.push.p99)}`,
      `p99 <= ${GOALS.socketsPushP99Ms} ms, none lost`,
      `worst socket's p99 ${ms(k.push.worstSocketP99)}, max ${ms(k.push.max)}, ${k.push.lost} lost; ${k.bookings.answered} bookings (${k.bookings.failed} failed), ${k.positionReports.sent} position reports`,
    ]);
    rows.push([
      'Sockets',
      'Memory per connected socket, per gateway',
      k.memory
        .map((g) =>
          g.perSocketConnected === null ? 'n/a' : `${kb(g.perSocketConnected)} (${g.sockets})`,
        )
        .join(' / '),
      'reported',
      `gateway RSS before / connected / after the run: ${k.memory
        .map((g) => [g.rssBefore, g.rssConnected, g.rssAfterRun].map(mb).join(' / '))
        .join('; ')}`,
    ]);
    const b = d.bytes;
    const perMinute = (role) =>
      b.runs.map((r) => kb(r[`${role}BytesPerMinute`]?.mean ?? NaN)).join(' -> ');
    rows.push([
      'Sockets',
      `Bytes per socket per minute, technician, ${N.byteCounts.join(' -> ')} technicians`,
      `${perMinute('technician')} = ${b.technicianGrowth.toFixed(2)}x`,
      `<= ${GOALS.technicianBytesGrowth}x`,
      `an admin's (the map shows every van): ${perMinute('admin')} = ${b.adminGrowth.toFixed(2)}x; positions every 10 s`,
    ]);
  }
  rows.push([
    'Start',
    'Cold start: spawn -> GET /api/health 200',
    `${(results.coldStartMs / 1000).toFixed(1)} s`,
    'reported',
    'fresh database, migrations included',
  ]);
  for (const [name, bytes] of Object.entries(results.idleRss)) {
    rows.push([
      'Memory',
      `Idle RSS, ${name}`,
      mb(bytes),
      'reported',
      `${N.idleSeconds} s after the stack was healthy`,
    ]);
  }

  rows.push(...growthRows(results.growth));
  printResults('benchmarks', results, rows, 'latest.json');
}

/** Prints the table under its title and writes the results to bench-results/<file>. */
function printResults(title, results, rows, file) {
  console.log(
    `\nCincy Battery ${title} (${results.commit ?? 'no git'}, node ${process.version}, ${results.cpus} CPUs, ${results.seconds} s)\n`,
  );
  printTable(rows);
  const outDir = path.join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, file), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), path.join(outDir, file))}`);
}

main().catch((err) => {
  console.error(`bench failed: ${err.stack || err.message}`);
  process.exitCode = 1;
});
