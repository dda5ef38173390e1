import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { canConnect, checkInfra, HostPort, InfraCheck, MissingInfra } from './infra-check';
import { REPO_ROOT } from './processes';

/** What this machine offers to start a missing server, found once by `probeMachine`. */
export interface MachineProbe {
  /** Debian clusters (`/etc/postgresql/<version>/main`), newest last. */
  postgresClusters: string[];
  /** Path of a nats-server binary, or null. */
  natsServer: string | null;
  /** True when `docker info` answers. */
  docker: boolean;
}

export type StartStep =
  | { key: 'postgres'; how: 'pg_ctlcluster'; version: string; at: HostPort }
  | { key: 'nats'; how: 'nats-server'; binary: string; at: HostPort }
  | { key: 'postgres' | 'nats'; how: 'docker'; at: HostPort };

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);
const WAIT_MS = { postgres: 60_000, nats: 30_000 } as const;

/**
 * Which missing server can be started here and how: a local install first (the way `.ci/run`
 * used to), else Docker's compose file; a server on another host is never ours to start.
 */
export function planInfraStart(missing: MissingInfra[], machine: MachineProbe): StartStep[] {
  const steps: StartStep[] = [];
  for (const m of missing) {
    if (!m.at || !LOCAL_HOSTS.has(m.at.host)) continue;
    if (m.key === 'postgres' && machine.postgresClusters.length) {
      const version = machine.postgresClusters[machine.postgresClusters.length - 1];
      steps.push({ key: 'postgres', how: 'pg_ctlcluster', version, at: m.at });
    } else if (m.key === 'nats' && machine.natsServer) {
      steps.push({ key: 'nats', how: 'nats-server', binary: machine.natsServer, at: m.at });
    } else if (machine.docker) {
      steps.push({ key: m.key, how: 'docker', at: m.at });
    }
  }
  return steps;
}

const run = promisify(execFile);

export async function probeMachine(): Promise<MachineProbe> {
  const clusters = existsSync('/etc/postgresql')
    ? readdirSync('/etc/postgresql')
        .filter((v) => existsSync(`/etc/postgresql/${v}/main`))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const candidates = [
    '/usr/sbin/nats-server',
    '/usr/local/bin/nats-server',
    '/usr/bin/nats-server',
  ];
  const natsServer =
    candidates.find((p) => existsSync(p)) ??
    (await run('which', ['nats-server']).then(
      ({ stdout }) => stdout.trim() || null,
      () => null,
    ));
  const docker = await run('docker', ['info'], { timeout: 5000 }).then(
    () => true,
    () => false,
  );
  return { postgresClusters: clusters, natsServer, docker };
}

export interface EnsureInfraOptions {
  onNote?: (text: string) => void;
  /** Where a nats-server started here keeps its JetStream store and log (git-ignored). */
  dataDir?: string;
  /**
   * False: never `docker compose up` (npm test, whose own servers on a Docker engine are
   * testcontainers', removed afterwards: see test-infra.ts). Default true.
   */
  compose?: boolean;
}

export interface EnsuredInfra extends InfraCheck {
  /** Processes started here and left running (the developer's servers outlive the command). */
  started: { key: 'postgres' | 'nats'; pid?: number }[];
}

/**
 * `checkInfra`, and when a server is missing, starting it where this machine can (see
 * planInfraStart), waiting for it, and checking again. What still misses comes back with the
 * exact commands in `message`.
 */
export async function ensureInfra(
  env: NodeJS.ProcessEnv = process.env,
  options: EnsureInfraOptions = {},
): Promise<EnsuredInfra> {
  const first = await checkInfra(env);
  if (first.ok) return { ...first, started: [] };
  const note = options.onNote ?? (() => {});
  const machine = await probeMachine();
  if (options.compose === false) machine.docker = false;
  const steps = planInfraStart(first.missing, machine);
  const started: EnsuredInfra['started'] = [];
  const dockerServices = steps.filter((s) => s.how === 'docker').map((s) => s.key);
  if (dockerServices.length) {
    note(`Starting ${dockerServices.join(' and ')} with docker compose`);
    await run('docker', ['compose', 'up', '-d', ...dockerServices], { cwd: REPO_ROOT }).catch(
      (err: Error) => note(`docker compose failed: ${err.message}`),
    );
  }
  for (const step of steps) {
    if (step.how === 'pg_ctlcluster') {
      note(`PostgreSQL is not running: starting the local cluster ${step.version}/main`);
      await run('pg_ctlcluster', [
        '--skip-systemctl-redirect',
        step.version,
        'main',
        'start',
      ]).catch((err: Error) => note(`pg_ctlcluster failed: ${err.message}`));
      started.push({ key: 'postgres' });
    } else if (step.how === 'nats-server') {
      const dir = path.join(options.dataDir ?? path.join(REPO_ROOT, '.local'), 'nats');
      mkdirSync(dir, { recursive: true });
      note(`NATS is not running: starting ${step.binary} on ${step.at.port} (store ${dir})`);
      const log = openSync(path.join(dir, 'nats-server.log'), 'a');
      const child = spawn(
        step.binary,
        ['-a', step.at.host, '-p', String(step.at.port), '-js', '-sd', dir],
        { detached: true, stdio: ['ignore', log, log] },
      );
      child.unref();
      started.push({ key: 'nats', pid: child.pid });
    }
  }
  await Promise.all(steps.map((s) => waitForPort(s.at, WAIT_MS[s.key])));
  return { ...(await checkInfra(env)), started };
}

async function waitForPort(at: HostPort, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await canConnect(at, 1000)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
