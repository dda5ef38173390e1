import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@cincy/stack';
import { connect } from 'nats';

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

function natsBinary(): string {
  const binary = NATS_BINARIES.find((p) => existsSync(p));
  if (!binary) throw new Error('nats-server is not installed');
  return binary;
}

export async function startOwnNats(): Promise<OwnServer> {
  const binary = natsBinary();
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

/** One server of a cluster: its name (JetStream's leader names) and a hard kill and start. */
export interface ClusterNode {
  name: string;
  port: number;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export interface OwnNatsCluster {
  /** Every server's client URL, comma-separated, as NATS_URL takes them. */
  url: string;
  nodes: ClusterNode[];
  stop(): Promise<void>;
}

/**
 * `size` nats-server processes clustered on loopback ports (routes to each other), each with
 * JetStream on a folder of its own: streams of up to `size` replicas survive losing a minority.
 */
export async function startOwnNatsCluster(size = 3): Promise<OwnNatsCluster> {
  const binary = natsBinary();
  const root = mkdtempSync(path.join(os.tmpdir(), 'cincy-nats-cluster-'));
  const ports: { client: number; route: number }[] = [];
  const taken = new Set<number>();
  const distinct = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) return (taken.add(port), port);
    }
  };
  for (let i = 0; i < size; i++) ports.push({ client: await distinct(), route: await distinct() });
  const routes = ports.map((p) => `nats://127.0.0.1:${p.route}`).join(',');
  const nodes = ports.map(({ client, route }, i): ClusterNode => {
    const name = `n${i + 1}`;
    const dir = path.join(root, name);
    let child: ChildProcess | undefined;
    return {
      name,
      port: client,
      start: async () => {
        child = spawn(
          binary,
          [
            ...['-a', '127.0.0.1', '-p', String(client), '-n', name, '-js', '-sd', dir],
            ...['--cluster_name', 'cincy', '--cluster', `nats://127.0.0.1:${route}`],
            ...['--routes', routes],
          ],
          { stdio: 'ignore' },
        );
        await waitForPort(client);
      },
      kill: async () => {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGKILL');
        await exited;
      },
    };
  });
  await Promise.all(nodes.map((node) => node.start()));
  const url = ports.map((p) => `nats://127.0.0.1:${p.client}`).join(',');
  await untilJetStreamAnswers(url);
  return {
    url,
    nodes,
    stop: async () => {
      await Promise.all(nodes.map((node) => node.kill()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Until the cluster has elected its JetStream meta leader (a few seconds after it starts). */
async function untilJetStreamAnswers(url: string, timeoutMs = 30_000): Promise<void> {
  const nc = await connect({ servers: url.split(','), maxReconnectAttempts: -1 });
  const until = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        await nc.jetstreamManager();
        return;
      } catch (err) {
        if (Date.now() > until)
          throw new Error(`JetStream did not answer: ${(err as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await nc.close();
  }
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
