#!/usr/bin/env node
// `npm start`: install what is missing, build, check Postgres and NATS, start every service as its
// own process and the gateway last, wait until /api/health answers 200, then print the URL.
//
// Options: --skip-install, --skip-build (env START_SKIP_BUILD=1 does the same).
// Env honoured (and passed to every service): PORT, DATABASE_URL, NATS_URL, NATS_PREFIX, LOG_LEVEL,
// SEED_ADMIN_USERNAME, SEED_ADMIN_PASSWORD, so two stacks can run side by side.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureDatabase } from './lib/db.mjs';
import { checkInfra, DEFAULT_DATABASE_URL } from './lib/infra.mjs';
import {
  hasInstalledDeps,
  localBin,
  paint,
  prefixOutput,
  ROOT,
  run,
  SERVICES,
} from './lib/procs.mjs';

const args = new Set(process.argv.slice(2));
const skipInstall = args.has('--skip-install');
const skipBuild =
  args.has('--skip-build') || /^(1|true)$/i.test(process.env.START_SKIP_BUILD ?? '');
const PORT = Number(process.env.PORT || 3000);
const SHUTDOWN_GRACE_MS = 10_000;

const say = (text) => console.log(paint(`» ${text}`, 1));

async function main() {
  // 1. Dependencies.
  if (!hasInstalledDeps()) {
    if (skipInstall) fail('node_modules is missing: run `npm ci` first.');
    say('node_modules is missing: running npm ci');
    if ((await run('npm', ['ci', '--no-audit', '--no-fund'])) !== 0) fail('npm ci failed.');
  }

  // 2. Build (Nx caches: an up-to-date build takes a second or two).
  if (!skipBuild) {
    say('Building (nx run-many -t build)');
    const code = await run(localBin('nx'), [
      'run-many',
      '-t',
      'build',
      '--output-style=stream-without-prefixes',
    ]);
    if (code !== 0) fail('The build failed (see above).');
  }
  const missing = SERVICES.filter(
    (s) => !existsSync(path.join(ROOT, 'services', s, 'dist', 'main.js')),
  );
  if (missing.length)
    fail(`Not built: ${missing.map((s) => `services/${s}/dist/main.js`).join(', ')}`);

  // 3. Infrastructure.
  const infra = await checkInfra(process.env);
  if (!infra.ok) fail(infra.message);
  await ensureDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);

  // 4. Services, then the gateway.
  const stack = startStack();
  say(`Waiting for http://localhost:${PORT}/api/health`);
  const healthy = await waitForHealth(stack);
  if (healthy) {
    const user = process.env.SEED_ADMIN_USERNAME || 'admin';
    console.log('');
    console.log(paint(`Cincy Battery is running at http://localhost:${PORT}`, 1));
    console.log(`Admin username: ${user}`);
    console.log(
      process.env.SEED_ADMIN_PASSWORD
        ? 'Admin password: the one in SEED_ADMIN_PASSWORD'
        : 'Admin password: generated on the first start and printed once by identity (above); it is kept after that',
    );
    console.log('Press Ctrl+C to stop.\n');
  }
}

function startStack() {
  const children = new Map();
  let stopping = false;
  let exitCode = 0;

  const stopAll = (signal = 'SIGTERM') => {
    for (const child of children.values()) {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, signal); // its own process group (detached)
        } catch {
          child.kill(signal);
        }
      }
    }
  };

  const shutdown = (reason, code, signal = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    say(reason);
    stopAll(signal);
    setTimeout(() => {
      say('Some services did not stop in time: killing them');
      stopAll('SIGKILL');
    }, SHUTDOWN_GRACE_MS).unref();
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (stopping) {
        // A second Ctrl+C: no more waiting.
        stopAll('SIGKILL');
        process.exit(exitCode || 130);
      }
      // Forward the signal itself (SIGHUP becomes SIGTERM: a closed terminal means stop).
      shutdown(`${signal}: stopping the services`, 0, signal === 'SIGHUP' ? 'SIGTERM' : signal);
    });
  }
  process.on('exit', () => stopAll('SIGKILL'));

  SERVICES.forEach((name, index) => {
    const env = { ...process.env };
    if (name !== 'gateway')
      delete env.PORT; // only the gateway listens on PORT
    else env.PORT = String(PORT);
    // Each child gets its own process group: a terminal Ctrl+C reaches only this script, which
    // forwards it once, so no service receives two signals in a row.
    const child = spawn(process.execPath, [path.join('services', name, 'dist', 'main.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.set(name, child);
    prefixOutput(child, name, index);
    child.once('error', (err) => {
      console.error(`${name}: could not start: ${err.message}`);
      shutdown(`${name} could not start: stopping the others`, 1);
    });
    child.once('exit', (code, signal) => {
      if (!stopping) {
        shutdown(`${name} exited (${signal ?? `code ${code}`}): stopping the others`, 1);
      }
      const allDone = [...children.values()].every(
        (c) => c.exitCode !== null || c.signalCode !== null,
      );
      if (allDone) {
        say(exitCode ? 'Stopped after a failure.' : 'Stopped.');
        process.exit(exitCode);
      }
    });
  });

  return { isStopping: () => stopping };
}

async function waitForHealth(stack) {
  const url = `http://127.0.0.1:${PORT}/api/health`;
  const started = Date.now();
  let lastNote = started;
  let last = 'no answer yet';
  while (!stack.isStopping()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return true;
      last = `${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`;
    } catch (err) {
      last = err?.cause?.code ?? err?.message ?? String(err);
    }
    if (Date.now() - lastNote > 30_000) {
      lastNote = Date.now();
      say(
        `Still waiting for ${url} after ${Math.round((Date.now() - started) / 1000)} s (last answer: ${last})`,
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
