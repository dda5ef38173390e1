import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { natsNames } from '@cincy/contracts';

/** The repository root: services run from here, as `npm start` runs them. */
/** The repository root (the folder with nx.json), from the source or from e2e/dist. */
export const ROOT = (function findRoot(dir: string): string {
  return existsSync(path.join(dir, 'nx.json')) ? dir : findRoot(path.dirname(dir));
})(__dirname);
export const SERVICE_NAMES = ['identity', 'booking', 'dispatch', 'inventory', 'gateway'] as const;
export type StackServiceName = (typeof SERVICE_NAMES)[number];

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/cincy_battery';
const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
const OUTPUT_LINES_KEPT = 60;

export interface StackOptions {
  /** Seeded admin (identity creates it on its first start against the empty database). */
  adminUsername: string;
  adminPassword: string;
  /** Extra env for every service (for example LOG_LEVEL or an account name the spec allows). */
  env?: Record<string, string>;
  /** How long to wait for GET /api/health to answer 200. Default 60 s. */
  healthTimeoutMs?: number;
  /** Names the database (cincy_<label>_<id>) and NATS prefix (<label><id>). Default 'e2e'. */
  label?: string;
}

export interface Stack {
  /** http://127.0.0.1:<port> of the gateway (web app and /api). */
  baseUrl: string;
  port: number;
  databaseName: string;
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  admin: { username: string; password: string };
  /** The services' recent output, prefixed with the service name (for failure messages). */
  recentOutput(): string;
  /** Stops every service, drops the database and deletes the stack's JetStream stream. */
  stop(): Promise<void>;
}

const randomId = (bytes = 5) => randomBytes(bytes).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdminDb<T>(databaseUrl: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the five built services (`services/<name>/dist/main.js`) against a fresh database
 * `cincy_e2e_<random>` and NATS prefix `e2e<random>`, the gateway on a free port, and waits for
 * GET /api/health to answer 200. Call `stop()` in afterAll.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const missing = SERVICE_NAMES.filter(
    (name) => !existsSync(path.join(ROOT, 'services', name, 'dist', 'main.js')),
  );
  if (missing.length) {
    throw new Error(
      `Not built: ${missing.map((n) => `services/${n}/dist/main.js`).join(', ')}. Run \`npm run build\` first (npm test does).`,
    );
  }

  const id = randomId();
  const label = options.label ?? 'e2e';
  const databaseName = `cincy_${label}_${id}`;
  const databaseUrl = withDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, databaseName);
  const natsUrl = process.env.NATS_URL || DEFAULT_NATS_URL;
  const natsPrefix = `${label}${id}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // The services create the database when it is missing; creating it here first means five
  // services starting at the same moment never race each other to CREATE DATABASE.
  await withAdminDb(databaseUrl, (c) => c.query(`CREATE DATABASE "${databaseName}"`));

  const output: string[] = [];
  const remember = (name: string, chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(`${name.padEnd(9)}| ${line}`);
      if (output.length > OUTPUT_LINES_KEPT * SERVICE_NAMES.length) output.shift();
    }
  };
  const recentOutput = () => output.slice(-OUTPUT_LINES_KEPT).join('\n');

  const children = new Map<StackServiceName, ChildProcess>();
  const exited = new Map<StackServiceName, string>();
  let stopping = false;

  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'info',
    ...options.env,
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    NATS_PREFIX: natsPrefix,
    SEED_ADMIN_USERNAME: options.adminUsername,
    SEED_ADMIN_PASSWORD: options.adminPassword,
  };
  delete baseEnv.PORT;
  delete baseEnv.JEST_WORKER_ID;
  // A per-service database URL would win over DATABASE_URL and break the run's isolation.
  for (const key of Object.keys(baseEnv)) {
    if (/^[A-Z]+_DATABASE_URL$/.test(key)) delete baseEnv[key];
  }

  for (const name of SERVICE_NAMES) {
    const env = name === 'gateway' ? { ...baseEnv, PORT: String(port) } : baseEnv;
    const child = spawn(process.execPath, [path.join('services', name, 'dist', 'main.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    child.stdout?.on('data', (c: Buffer) => remember(name, c));
    child.stderr?.on('data', (c: Buffer) => remember(name, c));
    child.once('error', (err) => exited.set(name, `could not start: ${err.message}`));
    child.once('exit', (code, signal) => {
      exited.set(name, signal ? `killed by ${signal}` : `exited with code ${code}`);
    });
  }

  // A stack left running (a test that forgot stop()) must not outlive the test process.
  const killOnExit = () => {
    for (const c of children.values()) if (c.exitCode === null) c.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.removeListener('exit', killOnExit);
    const alive = () =>
      [...children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of alive()) c.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (alive().length && Date.now() < deadline) await sleep(100);
    for (const c of alive()) c.kill('SIGKILL');
    while (alive().length) await sleep(50);

    const problems: string[] = [];
    await withAdminDb(databaseUrl, (c) =>
      c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
    ).catch((err: Error) => problems.push(`drop database ${databaseName}: ${err.message}`));
    await deleteStream(natsUrl, natsNames(natsPrefix).stream).catch((err: Error) =>
      problems.push(`delete stream: ${err.message}`),
    );
    if (problems.length) throw new Error(`Stack cleanup: ${problems.join('; ')}`);
  };

  const healthTimeoutMs = options.healthTimeoutMs ?? 60_000;
  const deadline = Date.now() + healthTimeoutMs;
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
        last = `${res.status} ${(await res.text()).slice(0, 300)}`;
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        last = e.cause?.code ?? e.message;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `GET /api/health did not answer 200 within ${healthTimeoutMs / 1000} s (last: ${last})`,
        );
      }
      await sleep(250);
    }
  } catch (err) {
    const message = `${(err as Error).message}\n--- recent service output ---\n${recentOutput()}`;
    await stop().catch(() => undefined);
    throw new Error(message);
  }

  return {
    baseUrl,
    port,
    databaseName,
    databaseUrl,
    natsUrl,
    natsPrefix,
    admin: { username: options.adminUsername, password: options.adminPassword },
    recentOutput,
    stop,
  };
}

async function deleteStream(natsUrl: string, stream: string): Promise<void> {
  const nc = await connect({ servers: natsUrl.split(','), timeout: 5_000 });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch((err: Error) => {
      if (!/not found/i.test(err.message)) throw err;
    });
  } finally {
    await nc.close();
  }
}
