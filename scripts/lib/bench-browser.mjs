// Browser benchmarks: the gzipped JavaScript each public route downloads (Debian's Chromium via
// playwright-core), and Lighthouse mobile scores when the lighthouse package is installed.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadStack, ROOT } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

/** Debian's Chromium, headless, as the e2e tests run it. */
function launchChromium() {
  const { chromium } = require('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = loadStack();
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: 60_000,
  });
}

/**
 * In the page, before the app (addInitScript): its clock reads `at` (ms) when the page starts,
 * and runs on from there. The public pages depend on the hour (the booking form offers ASAP from
 * 9 AM to 9 PM in Cincinnati, and outside that opens on its hour grid), so pages measured at
 * different hours, or beside an earlier build, must see the same one.
 */
function clockAt(at) {
  const RealDate = Date;
  const shift = at - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      super(...(args.length ? args : [RealDate.now() + shift]));
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}

/**
 * Loads each route in a fresh browser context (empty cache) and sums every script response:
 * raw bytes, and gzip bytes (zlib level 6, what servers use by default) of the same bodies.
 * `at`: the instant (ms) the pages' clock reads (default: the real time).
 */
export async function measureJsBytes(baseUrl, routes, { cookies = [], at } = {}) {
  const browser = await launchChromium();
  const results = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (cookies.length) await context.addCookies(cookies);
      if (at !== undefined) await context.addInitScript(clockAt, at);
      const page = await context.newPage();
      const scripts = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r);
      });
      await page.goto(new URL(route, baseUrl).toString(), { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor({ timeout: 15_000 });
      let raw = 0;
      let gzip = 0;
      const files = [];
      for (const r of scripts) {
        const body = await r.body();
        raw += body.length;
        gzip += gzipSync(body, { level: 6 }).length;
        files.push(path.basename(new URL(r.url()).pathname));
      }
      results.push({ route, scripts: scripts.length, raw, gzip, files });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The lighthouse module's path, or null when it is not installed. */
export function lighthousePath() {
  try {
    return require.resolve('lighthouse');
  } catch {
    return null;
  }
}

/**
 * Lighthouse (its default mobile config: emulated phone, simulated slow 4G) for each URL, `runs`
 * times, in a Chromium started here with the same flags as the tests plus a debugging port. The
 * simulation scales the CPU time it observes, so one run on a shared machine swings by a few
 * points: the run of median performance is reported, with the range of all runs. The runs go in
 * rounds (each URL once per round), so URLs compared with each other share the machine's drift.
 * `at`: the instant (ms) the pages' clock reads when each run starts (default: the real time).
 * Returns { url: { performance, accessibility, 'best-practices', seo (0-100), lcpMs, tbtMs,
 * runs: [performance...] } }, or null when lighthouse is not installed.
 */
export async function runLighthouse(urls, runs = 1, { cookies = [], at } = {}) {
  const resolved = lighthousePath();
  if (!resolved) return null;
  const { default: lighthouse } = await import(pathToFileURL(resolved).href);
  const { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } = loadStack();
  const port = await freePort();
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'cincy-bench-lh-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${userDataDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitForDevtools(port, 20_000);
    if (cookies.length || at !== undefined) {
      // A signed-in page: the session cookie set in the browser Lighthouse drives, which then
      // must not reset storage (it would sign out). A pinned clock: a script every page Lighthouse
      // opens runs first (Playwright attaches to each new page of the context before it runs).
      const { chromium } = require('playwright-core');
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      if (cookies.length) await cdp.contexts()[0].addCookies(cookies);
      if (at !== undefined) await cdp.contexts()[0].addInitScript(clockAt, at);
    }
    const each = Object.fromEntries(urls.map((url) => [url, []]));
    // Round by round, every URL once a round: pages compared side by side see the same load.
    for (let i = 0; i < runs; i++) {
      for (const url of urls) {
        const result = await lighthouse(url, {
          port,
          hostname: '127.0.0.1',
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          disableStorageReset: cookies.length > 0,
        });
        // BENCH_LIGHTHOUSE_DIR=<dir>: each run's full report (long tasks, main-thread work, ...).
        if (process.env.BENCH_LIGHTHOUSE_DIR && result?.lhr) {
          mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
          const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${i + 1}.json`;
          writeFileSync(
            path.join(process.env.BENCH_LIGHTHOUSE_DIR, name),
            JSON.stringify(result.lhr),
          );
        }
        const categories = result?.lhr?.categories ?? {};
        const score = (key) =>
          categories[key]?.score == null ? 'n/a' : Math.round(categories[key].score * 100);
        each[url].push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          lcpMs: result?.lhr?.audits?.['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: result?.lhr?.audits?.['total-blocking-time']?.numericValue ?? NaN,
        });
      }
    }
    const scores = {};
    for (const [url, runsOfUrl] of Object.entries(each)) {
      const byPerformance = [...runsOfUrl].sort(
        (a, b) => (Number(a.performance) || 0) - (Number(b.performance) || 0),
      );
      scores[url] = {
        ...byPerformance[Math.floor((byPerformance.length - 1) / 2)],
        runs: runsOfUrl.map((r) => r.performance),
      };
    }
    return scores;
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((resolve) => {
      if (chrome.exitCode !== null || chrome.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        chrome.kill('SIGKILL');
        resolve();
      }, 5_000);
      chrome.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // Chromium's helpers may still be writing its profile after it exits: cleanup is best effort.
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // left in the temp folder
    }
  }
}

async function waitForDevtools(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`, {
        signal: AbortSignal.timeout(1_000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Chromium did not open its debugging port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The functions below marked "in the page" run in Chromium (page.evaluate, addInitScript).
/* global window, document, MutationObserver */

/** The signed-in board. */
const BOARD_ROUTE = '/dispatch';
/** A technician's phone, and a dispatcher's laptop. */
export const BOARD_VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};
/** How long a pushed card may take to be drawn before it counts as missed. */
const CARD_TIMEOUT_MS = 3_000;

/**
 * In the page, before the app (addInitScript): records each board push the app marks
 * (`push:<id>:<version>`, as its socket handler receives it), and for each card version
 * (`data-appointment-id`, `data-version`) the time its first frame was painted, and when that
 * frame began. A MutationObserver sees the app's commit; a commit made during a frame's
 * requestAnimationFrame callbacks (the board applies pushes there) is painted in that frame, one
 * made between frames in the next. A message posted from within a frame runs once the frame has
 * been painted (rendering ends the event loop turn), which gives the time.
 *
 * The probe asks for no frame of its own between pushes: an earlier one ran a callback every
 * frame to know when one was under way, and under the 4x slowed CPU that loop (and the frames it
 * forced) kept the page's main thread about half busy, slowing the very pushes it measured.
 * It wraps requestAnimationFrame instead, to know when the app's callbacks run.
 */
function boardProbe() {
  const probe = { pushes: [], painted: {} };
  window.__boardProbe = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name.startsWith('push:')) {
        const [, id, version] = e.name.split(':');
        probe.pushes.push({ id: Number(id), version: Number(version), at: e.startTime });
      }
  }).observe({ type: 'mark' });
  const afterThisFrame = (run) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => run(performance.now());
    channel.port2.postMessage(null);
  };
  // The frame whose requestAnimationFrame callbacks run (its time, and when the first began), and
  // whether one of them (or what it queued as microtasks, the observer's included) runs now.
  let frame = { time: NaN, start: 0 };
  let inCallbacks = false;
  const nativeFrame = window.requestAnimationFrame.bind(window);
  const inFrame = (callback) => (time) => {
    if (frame.time !== time) frame = { time, start: performance.now() };
    inCallbacks = true;
    try {
      callback(time);
    } finally {
      queueMicrotask(() => {
        inCallbacks = false;
      });
    }
  };
  window.requestAnimationFrame = (callback) => nativeFrame(inFrame(callback));
  const afterPaint = (run) => {
    if (inCallbacks) {
      const { start } = frame;
      afterThisFrame((t) => run(t, start));
    } else nativeFrame(inFrame(() => afterPaint(run)));
  };
  const waiting = new Set();
  new MutationObserver((records) => {
    // The DOM change is observed in the render's own microtasks: the render's end.
    const mutated = performance.now();
    const fresh = [];
    const note = (card) => {
      const key = `${card.dataset.appointmentId}:${card.dataset.version}`;
      if (key in probe.painted || waiting.has(key)) return;
      waiting.add(key);
      fresh.push(key);
    };
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target.dataset?.appointmentId) note(r.target);
        continue;
      }
      for (const node of r.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('[data-appointment-id]')) note(node);
        node.querySelectorAll('[data-appointment-id]').forEach(note);
      }
    }
    if (fresh.length)
      afterPaint((t, start) => {
        for (const key of fresh) {
          probe.painted[key] = { t, start, mutated };
          waiting.delete(key);
        }
      });
    // The document itself: its root element may not exist yet when this runs.
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-version'],
  });
}

/** In the page: scrolls the end of Available Jobs into view: where a new booking's card appears (oldest first). */
function showEndOfAvailable() {
  const heading = [...document.querySelectorAll('h2')].find((h) =>
    h.textContent.startsWith('Available Jobs'),
  );
  const list = heading?.closest('section')?.querySelector('ul');
  if (!list) return false;
  const bottom = list.getBoundingClientRect().bottom + window.scrollY;
  window.scrollTo(0, Math.max(0, bottom - window.innerHeight * 0.6));
  return true;
}

/** Ids of the floor's copies of a card: far above any job's. */
const FLOOR_IDS_FROM = 900_000_000;

const rounded = ({ total, render, frame }) => ({
  total: Math.round(total * 10) / 10,
  render: Math.round(render * 10) / 10,
  frame: Math.round(frame * 10) / 10,
});

function within(promise, ms, message) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN;

/**
 * The board on a big day in Chromium: for each viewport (phone 390x844, desktop 1280x800), opens
 * the signed-in board, waits for its cards and its socket, keeps the end of Available Jobs in
 * view, and `pushes` times awaits `change(i)` (the caller books a job through the API, or changes
 * one so that its card lands there, and answers its id). Each time is measured in the page from
 * the app's `push:<id>:<version>` mark (the socket handler receiving board.changed) to just after the paint
 * of the frame in which that version of the card entered the DOM, so it counts the frame batching,
 * React's render and commit, layout and paint. A card not drawn within 3 s counts as `missed`.
 * Also answers the bytes of the board's GET /api/appointments with these cookies (raw and gzip).
 * `route` is the board by default (the field app has the same cards and mark); `cpuSlowdown`
 * slows the page's CPU as Lighthouse's mobile runs do (4). `floor` also times the browser alone
 * drawing a copy of the last pushed card, `pushes` times (the wait for a frame and the frame).
 * Returns { board: { jobs, raw, gzip }, phone: { p50, p99, max, n, missed, floor? }, desktop: {...} } (ms).
 */
export async function benchBoardScreen({
  baseUrl,
  cookies,
  pushes,
  change,
  viewports = BOARD_VIEWPORTS,
  route = BOARD_ROUTE,
  cpuSlowdown = 1,
  floor = false,
}) {
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const answer = await fetch(new URL('/api/appointments', baseUrl), {
    headers: { Cookie: cookieHeader, Accept: 'application/json' },
  });
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) throw new Error(`GET /api/appointments answered ${answer.status}`);
  const board = {
    jobs: JSON.parse(body.toString('utf8')).length,
    raw: body.length,
    gzip: gzipSync(body, { level: 6 }).length,
  };

  const browser = await launchChromium();
  const results = { board };
  let next = 0;
  try {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.addInitScript(boardProbe);
      // socket.io's CONNECT answer ("40…"): from then on the board hears every push.
      const connected = new Promise((resolve) =>
        page.on('websocket', (ws) =>
          ws.on('framereceived', (f) => {
            if (String(f.payload).startsWith('40')) resolve();
          }),
        ),
      );
      if (cpuSlowdown > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      }
      await page.goto(new URL(route, baseUrl).toString());
      await page.locator('[data-testid="job-card"]').first().waitFor({ timeout: 60_000 });
      await within(connected, 15_000, 'the board socket did not connect');
      // Playwright evaluates its injected script in the page at the first waitForFunction: 60-90
      // ms under the 4x slowed CPU (seen in a trace), which landed in the first push's frame.
      await page.waitForFunction(() => true, undefined, { polling: 100 });
      const wanted = [];
      let missed = 0;
      // The files below are named for the screen, the viewport and the run.
      const runName = `${route.replace(/\W+/g, '') || 'root'}-${name}-${Date.now()}`;
      // BENCH_TRACE=<dir>: a Chromium trace of the pushes, one file per viewport and run (open
      // it in DevTools' Performance panel): where a slow push's frame goes.
      const tracePath = process.env.BENCH_TRACE
        ? path.join(process.env.BENCH_TRACE, `${runName}.json`)
        : null;
      if (tracePath) {
        mkdirSync(path.dirname(tracePath), { recursive: true });
        await browser.startTracing(page, { path: tracePath, screenshots: false });
      }
      // BENCH_PROFILE=<dir>: a CPU profile of the pushes (.cpuprofile; DevTools or speedscope).
      // A trace records a stack with every timer, frame request and mark, which inflates those
      // calls; the sampling profiler alone does not, so it says what each costs.
      const profiler = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 50 });
        await profiler.send('Profiler.start');
      }
      for (let i = 0; i < pushes; i++) {
        await page.evaluate(showEndOfAvailable);
        // Let the list draw and measure what is now in view before the push.
        await page.waitForTimeout(150);
        const id = await change(next++);
        const drawn = await page
          .waitForFunction(
            (jobId) =>
              window.__boardProbe.pushes.some(
                (p) => p.id === jobId && `${p.id}:${p.version}` in window.__boardProbe.painted,
              ),
            id,
            // Polled, not on every frame (Playwright's default): a check each frame would
            // load the page's main thread while it draws the push being measured.
            { timeout: CARD_TIMEOUT_MS, polling: 100 },
          )
          .then(() => true)
          .catch(() => false);
        if (drawn) wanted.push(id);
        else missed++;
      }
      if (tracePath) await browser.stopTracing();
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        mkdirSync(process.env.BENCH_PROFILE, { recursive: true });
        const file = path.join(process.env.BENCH_PROFILE, `${runName}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
      }
      // The floor: the browser alone drawing the same change, with no app work. A copy of the
      // last pushed card is put beside it from a task of its own (as a socket message is), its
      // mark set first, and timed by the same probe: the wait for a frame and the frame itself.
      const floorIds = [];
      for (let i = 0; i < (floor && wanted.length ? pushes : 0); i++) {
        await page.waitForTimeout(150);
        floorIds.push(
          await page.evaluate(
            ({ pushedId, copyId }) => {
              const card = document.querySelector(`[data-appointment-id="${pushedId}"]`);
              const copy = card.cloneNode(true);
              copy.dataset.appointmentId = String(copyId);
              copy.dataset.version = '1';
              performance.mark(`push:${copyId}:1`);
              card.after(copy);
              // Gone again once drawn: the app's own list is left as it was.
              setTimeout(() => copy.remove(), 100);
              return copyId;
            },
            { pushedId: wanted.at(-1), copyId: FLOOR_IDS_FROM + i },
          ),
        );
      }
      await page.waitForTimeout(150);
      const timesOf = (ids) =>
        page.evaluate((ids) => {
          const { pushes: marks, painted } = window.__boardProbe;
          return ids.flatMap((id) => {
            const push = marks.find((p) => p.id === id && `${p.id}:${p.version}` in painted);
            if (!push) return [];
            const { t, start, mutated } = painted[`${push.id}:${push.version}`];
            return [{ total: t - push.at, frame: t - start, render: mutated - push.at }];
          });
        }, ids);
      const times = await timesOf(wanted);
      const stats = (values) => {
        const sorted = values.sort((x, y) => x - y);
        return {
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? NaN,
        };
      };
      results[name] = {
        ...stats(times.map((x) => x.total)),
        n: times.length,
        missed,
        frame: stats(times.map((x) => x.frame)),
        render: stats(times.map((x) => x.render)),
        // Each push in the order taken, for bench-results/*.json: where a slow one went.
        samples: times.map(rounded),
      };
      if (floor) {
        const floorTimes = await timesOf(floorIds);
        results[name].floor = {
          ...stats(floorTimes.map((x) => x.total)),
          n: floorTimes.length,
          frame: stats(floorTimes.map((x) => x.frame)),
          samples: floorTimes.map(rounded),
        };
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** A drawn document with nothing left to run: no scripts, no module preloads. */
const withoutScripts = (html) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');

/**
 * The back office's screens as admins open them: for each, a fresh context (empty cache) opens
 * the screen's address and waits until its content is drawn (`ready`, and nothing aria-busy).
 * Beside it, in the same context: the screen's own API answer, timed in the page, and one round
 * of chunks (every script the screen loaded, fetched again all at once, the cache bypassed). The
 * issue's goal: content within 1.5x the API's time plus one round of chunks. Medians of `runs`.
 *
 * The floor, in the same run: the screen's drawn document (its DOM and antd's styles once the
 * content is there, every script taken out) served as the screen's HTML and timed the same way.
 * It is what HTML with the content in it would take to draw (server rendering before the
 * scripts), and no app code can come under it.
 */
export async function benchStaffScreens({ baseUrl, cookies, screens, runs = 3 }) {
  const browser = await launchChromium();
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const results = [];
  try {
    for (const screen of screens) {
      const content = [];
      const api = [];
      const round = [];
      let scripts = 0;
      let drawn = '';
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const urls = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') urls.push(r.url());
        });
        const started = Date.now();
        await page.goto(new URL(screen.route, baseUrl).toString());
        await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
        await page
          .locator('[aria-busy="true"]')
          .first()
          .waitFor({ state: 'detached', timeout: 30_000 });
        content.push(Date.now() - started);
        scripts = urls.length;
        drawn = await page.content();
        const timed = await page.evaluate(
          async ({ apiPath, scriptUrls }) => {
            const time = async (fetches) => {
              const t = performance.now();
              await Promise.all(fetches.map((f) => f().then((res) => res.arrayBuffer())));
              return performance.now() - t;
            };
            return {
              api: await time([() => fetch(apiPath, { credentials: 'same-origin' })]),
              round: await time(scriptUrls.map((url) => () => fetch(url, { cache: 'no-store' }))),
            };
          },
          { apiPath: screen.api, scriptUrls: urls },
        );
        api.push(timed.api);
        round.push(timed.round);
        await context.close();
      }
      const floor = [];
      const html = withoutScripts(drawn);
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const url = new URL(screen.route, baseUrl).toString();
        await context.route(url, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
        );
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(url);
        await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
        floor.push(Date.now() - started);
        await context.close();
      }
      const result = {
        route: screen.route,
        api: screen.api,
        contentMs: median(content),
        apiMs: median(api),
        roundMs: median(round),
        floorMs: median(floor),
        htmlKb: Math.round(Buffer.byteLength(html) / 1024),
        scripts,
      };
      result.goalMs = 1.5 * result.apiMs + result.roundMs;
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  return results;
}
