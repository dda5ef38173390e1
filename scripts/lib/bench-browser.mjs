// Browser benchmarks: the gzipped JavaScript each public route downloads (Debian's Chromium via
// playwright-core), and Lighthouse mobile scores when the lighthouse package is installed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loadStack, ROOT } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));

/**
 * Loads each route in a fresh browser context (empty cache) and sums every script response:
 * raw bytes, and gzip bytes (zlib level 6, what servers use by default) of the same bodies.
 */
export async function measureJsBytes(baseUrl, routes, { cookies = [] } = {}) {
  const { chromium } = require('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = loadStack();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: 60_000,
  });
  const results = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (cookies.length) await context.addCookies(cookies);
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
 * points: the run of median performance is reported, with the range of all runs.
 * Returns { url: { performance, accessibility, 'best-practices', seo (0-100), lcpMs, tbtMs,
 * runs: [performance...] } }, or null when lighthouse is not installed.
 */
export async function runLighthouse(urls, runs = 1, { cookies = [] } = {}) {
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
    if (cookies.length) {
      // A signed-in page: the session cookie set in the browser Lighthouse drives, which then
      // must not reset storage (it would sign out).
      const { chromium } = require('playwright-core');
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      await cdp.contexts()[0].addCookies(cookies);
    }
    const scores = {};
    for (const url of urls) {
      const each = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port,
          hostname: '127.0.0.1',
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          disableStorageReset: cookies.length > 0,
        });
        const categories = result?.lhr?.categories ?? {};
        const score = (key) =>
          categories[key]?.score == null ? 'n/a' : Math.round(categories[key].score * 100);
        each.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          lcpMs: result?.lhr?.audits?.['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: result?.lhr?.audits?.['total-blocking-time']?.numericValue ?? NaN,
        });
      }
      const byPerformance = [...each].sort(
        (a, b) => (Number(a.performance) || 0) - (Number(b.performance) || 0),
      );
      scores[url] = {
        ...byPerformance[Math.floor((byPerformance.length - 1) / 2)],
        runs: each.map((r) => r.performance),
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
