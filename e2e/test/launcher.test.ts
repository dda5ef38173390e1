import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import {
  freePort,
  infraUrls,
  PROCESSES,
  removeStackData,
  REPO_ROOT,
  withDatabaseName,
} from '@cincy/stack';

// `npm start` under a process manager: SIGTERM to npm, or npm killed outright, must stop the
// launcher and every service (each in a process group of its own) and free the port. The stack
// runs on a database, NATS prefix and port of its own, so a developer's stack is never touched.

const STOPPED_WITHIN_MS = 15_000;

interface Launched {
  npm: ChildProcess;
  port: number;
  databaseUrl: string;
  natsPrefix: string;
  output: string[];
}

/** The stack of the test under way, for afterEach to clean up whatever happened. */
let running: Launched | undefined;

interface Proc {
  pid: number;
  cmd: string;
}

/** Every live process started with NATS_PREFIX=<prefix>: npm, its shell, the launcher, services. */
function processesOf(prefix: string): Proc[] {
  const marker = `\0NATS_PREFIX=${prefix}\0`;
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // A zombie has an empty environ: it is gone for this purpose.
      if (!`\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(marker)) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'latin1').split('\0').join(' ').trim();
      found.push({ pid: Number(entry), cmd });
    } catch {
      // Exited while we looked, or not ours to read.
    }
  }
  return found;
}

/** True when the gateway's port can be listened on again (as it listens: every address). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const healthy = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200;

async function launch(): Promise<Launched> {
  const id = randomBytes(5).toString('hex');
  const port = await freePort();
  const databaseUrl = withDatabaseName(infraUrls(process.env).databaseUrl, `cincy_launcher_${id}`);
  const natsPrefix = `launcher${id}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A per-service database URL would win over DATABASE_URL and reach the developer's data.
  for (const key of Object.keys(env)) if (/^[A-Z]+_DATABASE_URL$/.test(key)) delete env[key];
  delete env.JEST_WORKER_ID;
  Object.assign(env, {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    NATS_PREFIX: natsPrefix,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    NO_COLOR: '1',
    SEED_ADMIN_USERNAME: 'launcher-admin',
    SEED_ADMIN_PASSWORD: `Launch-${randomBytes(9).toString('base64url')}`,
  });
  const npm = spawn('npm', ['start', '--', '--skip-build', '--skip-install'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 80));
  };
  npm.stdout?.on('data', keep);
  npm.stderr?.on('data', keep);
  const launched = { npm, port, databaseUrl, natsPrefix, output };
  running = launched;

  const until = Date.now() + 100_000;
  while (!(await healthy(port))) {
    if (npm.exitCode !== null || npm.signalCode !== null || Date.now() > until) {
      throw new Error(`npm start did not get healthy:\n${output.join('\n')}`);
    }
    await sleep(250);
  }
  // What there is to stop: the launcher and one process of each service.
  const cmds = processesOf(natsPrefix).map((p) => p.cmd);
  expect(cmds.some((cmd) => cmd.includes('scripts/start.mjs'))).toBe(true);
  for (const name of PROCESSES) {
    expect(cmds.filter((cmd) => cmd.includes(`services/${name}/dist/main.js`))).toHaveLength(1);
  }
  return launched;
}

/** Waits until no process of the stack is left and the port is free; says who is left if not. */
async function expectAllStopped({ natsPrefix, port, output }: Launched): Promise<void> {
  const until = Date.now() + STOPPED_WITHIN_MS;
  for (;;) {
    const left = processesOf(natsPrefix);
    const free = await portIsFree(port);
    if (!left.length && free) return;
    if (Date.now() > until) {
      throw new Error(
        `${STOPPED_WITHIN_MS / 1000} s after npm was killed: ${free ? 'port free' : `port ${port} taken`}; ` +
          `still running:\n${left.map((p) => `  ${p.pid} ${p.cmd}`).join('\n')}\n` +
          `--- npm start output ---\n${output.join('\n')}`,
      );
    }
    await sleep(250);
  }
}

describe('npm start stopped from outside', () => {
  afterEach(async () => {
    if (!running) return;
    const { natsPrefix, databaseUrl } = running;
    running = undefined;
    // Whatever a failed run left behind (the services are in process groups of their own).
    for (const { pid } of processesOf(natsPrefix)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await removeStackData({ databaseUrl, natsUrl: infraUrls(process.env).natsUrl, natsPrefix });
  }, 30_000);

  it('stops the launcher and every service, and frees the port, when npm gets SIGTERM', async () => {
    const launched = await launch();
    process.kill(launched.npm.pid!, 'SIGTERM'); // what a process manager sends
    await expectAllStopped(launched);
  }, 150_000);

  it('stops everything when npm, its parent, is killed with SIGKILL', async () => {
    const launched = await launch();
    process.kill(launched.npm.pid!, 'SIGKILL');
    await expectAllStopped(launched);
    expect(launched.output.join('\n')).toMatch(/Parent process \d+ is gone: stopping the services/);
  }, 150_000);
});
