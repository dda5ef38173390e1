// One throwaway stack for the benchmarks: the five built services on a fresh database
// (cincy_bench_<random>), NATS prefix (bench<random>) and free port, as e2e/src/stack.ts does for
// the tests. stop() kills the services, drops the database and deletes the JetStream stream.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { DEFAULT_DATABASE_URL, DEFAULT_NATS_URL } from './infra.mjs';
import { ROOT, SERVICES } from './procs.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when every service and the web app are built. */
export function isBuilt() {
  return (
    SERVICES.every((name) => existsSync(path.join(ROOT, 'services', name, 'dist', 'main.js'))) &&
    existsSync(path.join(ROOT, 'web', 'dist', 'index.html')) &&
    existsSync(path.join(ROOT, 'libs', 'contracts', 'dist', 'index.js'))
  );
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdminDb(databaseUrl, fn) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Starts the stack and waits for GET /api/health to answer 200.
 * options: { adminUsername, adminPassword, env, healthTimeoutMs }
 */
export async function startBenchStack(options) {
  const { natsNames } = require('@cincy/contracts');
  const id = randomBytes(5).toString('hex');
  const databaseName = `cincy_bench_${id}`;
  const databaseUrl = withDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, databaseName);
  const natsUrl = process.env.NATS_URL || DEFAULT_NATS_URL;
  const natsPrefix = `bench${id}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  await withAdminDb(databaseUrl, (c) => c.query(`CREATE DATABASE "${databaseName}"`));

  const output = [];
  const remember = (name, chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(`${name.padEnd(9)}| ${line}`);
      if (output.length > 300) output.shift();
    }
  };

  const env = {
    ...process.env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    ...options.env,
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    NATS_PREFIX: natsPrefix,
    SEED_ADMIN_USERNAME: options.adminUsername,
    SEED_ADMIN_PASSWORD: options.adminPassword,
  };
  delete env.PORT;
  for (const key of Object.keys(env)) if (/^[A-Z]+_DATABASE_URL$/.test(key)) delete env[key];

  const children = new Map();
  const exited = new Map();
  for (const name of SERVICES) {
    const child = spawn(process.execPath, [path.join('services', name, 'dist', 'main.js')], {
      cwd: ROOT,
      env: name === 'gateway' ? { ...env, PORT: String(port) } : env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    child.stdout.on('data', (c) => remember(name, c));
    child.stderr.on('data', (c) => remember(name, c));
    child.once('error', (err) => exited.set(name, `could not start: ${err.message}`));
    child.once('exit', (code, signal) =>
      exited.set(name, signal ? `killed by ${signal}` : `exited with code ${code}`),
    );
  }
  const killOnExit = () => {
    for (const c of children.values()) if (c.exitCode === null) c.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    const alive = () =>
      [...children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of alive()) c.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (alive().length && Date.now() < deadline) await sleep(100);
    for (const c of alive()) c.kill('SIGKILL');
    while (alive().length) await sleep(50);
    const problems = [];
    await withAdminDb(databaseUrl, (c) =>
      c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
    ).catch((err) => problems.push(`drop database ${databaseName}: ${err.message}`));
    await deleteStream(natsUrl, natsNames(natsPrefix).stream).catch((err) =>
      problems.push(`delete stream: ${err.message}`),
    );
    if (problems.length) throw new Error(`Bench stack cleanup: ${problems.join('; ')}`);
  };

  const timeoutMs = options.healthTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  try {
    for (;;) {
      if (exited.size) {
        const [name, how] = [...exited.entries()][0];
        throw new Error(`${name} ${how} before the stack was healthy`);
      }
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) });
        if (res.status === 200) break;
        last = `${res.status}`;
      } catch (err) {
        last = err.cause?.code ?? err.message;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `GET /api/health did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`,
        );
      }
      await sleep(250);
    }
  } catch (err) {
    await stop().catch(() => {});
    throw new Error(
      `${err.message}\n--- recent service output ---\n${output.slice(-60).join('\n')}`,
    );
  }

  return {
    baseUrl,
    port,
    databaseName,
    natsPrefix,
    recentOutput: () => output.slice(-60).join('\n'),
    stop,
  };
}

async function deleteStream(natsUrl, stream) {
  const { connect } = require('nats');
  const nc = await connect({ servers: natsUrl.split(','), timeout: 5_000 });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch((err) => {
      if (!/not found/i.test(err.message)) throw err;
    });
  } finally {
    await nc.close();
  }
}
