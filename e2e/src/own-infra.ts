import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@cincy/stack';

/**
 * A PostgreSQL and a NATS server of the test's own, on free ports and in a temporary folder, so a
 * test may restart them without touching the machine's shared servers.
 */
export interface OwnServer {
  url: string;
  /** Stops it hard (SIGKILL, or Postgres' immediate shutdown: a crash) and starts it again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const NATS_BINARIES = [
  '/usr/sbin/nats-server',
  '/usr/local/bin/nats-server',
  '/usr/bin/nats-server',
];

function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve()));
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`nothing listens on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export async function startOwnNats(): Promise<OwnServer> {
  const binary = NATS_BINARIES.find((p) => existsSync(p));
  if (!binary) throw new Error('nats-server is not installed');
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-nats-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
      stdio: 'ignore',
    });
    await waitForPort(port);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    restart: async () => (await kill(), await start()),
    stop: async () => (await kill(), rmSync(dir, { recursive: true, force: true })),
  };
}

/** Debian's newest PostgreSQL binaries (`/usr/lib/postgresql/<version>/bin`). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed');
  return path.join(root, versions[versions.length - 1], 'bin');
}

export async function startOwnPostgres(): Promise<OwnServer> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cincy-pg-'));
  const data = path.join(dir, 'data');
  mkdirSync(data);
  // initdb refuses root: as root, the cluster belongs to the postgres account.
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asOwner.length) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chownSync(data, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...asOwner, path.join(bin, tool), ...args];
    execFileSync(command, rest, { stdio: 'ignore' });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    await waitForPort(port);
  };
  const stop = (mode: 'immediate' | 'fast') => run('pg_ctl', ['-D', data, '-m', mode, 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => (stop('immediate'), await start()),
    stop: async () => {
      stop('fast');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
