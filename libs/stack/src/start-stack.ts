import { randomBytes } from 'node:crypto';
import { INFRA_DEFAULTS, localAppUrl, natsNames } from '@cincy/contracts';
import { connect } from 'nats';
import { createDatabase, databaseNameOf, dropDatabase, withDatabaseName } from './database';
import { freePort } from './free-port';
import { infraUrls } from './infra-check';
import { startLocalObjectStore } from './object-store';
import { Instance, instancesOf, missingBuilds, Replicas } from './processes';
import { OutputMode, StackProcesses } from './stack-processes';

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const WAITING_NOTE_EVERY_MS = 30_000;

export interface StackOptions {
  /**
   * A throwaway stack (tests, bench): a fresh database `cincy_<label>_<id>` created before the
   * services start, NATS prefix `<label><id>`, a free port; stop() drops the database and deletes
   * the prefix's JetStream stream. Without it, the developer's stack (`npm start`):
   * DATABASE_URL, NATS_URL, NATS_PREFIX and PORT from `env`, and stop() removes nothing.
   */
  throwaway?: { label: string };
  /** The environment the services inherit. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** Extra env for every service (a rate limit, a pinned clock, a log level). */
  serviceEnv?: Record<string, string>;
  /** The admin identity seeds on its first start against an empty database. */
  admin?: { username: string; password: string };
  /** 'keep' (default): the last lines, for recentOutput(); 'print': also printed live, readable. */
  output?: OutputMode;
  /** Each service in its own process group (npm start forwards Ctrl+C itself). Default false. */
  processGroups?: boolean;
  /** How long to wait for GET /api/health to answer 200; Infinity waits. Default 60 s. */
  healthTimeoutMs?: number;
  /** Aborting it stops the stack, also while it is still starting (startStack then rejects). */
  signal?: AbortSignal;
  /** Progress a person may want to read (still waiting, killing what did not stop). */
  onNote?: (note: string) => void;
  /** A service exited or died while the stack was up and not stopping (`dispatch#2`). */
  onExit?: (id: string, how: string) => void;
  /**
   * `npm start`: a service that dies is started again after a growing back-off (0.5 s doubling to
   * 30 s), and the rest keeps serving. Off (tests, bench), an exit is reported through onExit.
   */
  supervise?: boolean;
  /**
   * How many processes of a kind (default 1 each). Gateway replicas listen on consecutive ports
   * from PORT (a throwaway stack: free ports) and share one COOKIE_SECRET.
   */
  replicas?: Replicas;
  /**
   * Every process (each replica too) serves `GET /metrics` on a free port of its own
   * (METRICS_PORT), listed by `metricsUrls()`. Off: no process listens for metrics, unless the
   * developer's stack has METRICS_PORT in `env` (then from that port on, one per process).
   */
  metrics?: boolean;
}

export interface Stack {
  /** http://127.0.0.1:<port> of the (first) gateway: web app and /api. */
  baseUrl: string;
  port: number;
  /** Every gateway replica's base URL, the first one first. */
  baseUrls: string[];
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  /** The admin passed in options, if any. */
  admin?: { username: string; password: string };
  /** The services' last output lines, each prefixed with the service name (for failure messages). */
  recentOutput(): string;
  /** The process id of each service still running, by instance (`dispatch`, `dispatch#2`). */
  pids(): Record<string, number>;
  /**
   * Where metrics are served (`metrics: true`, or the developer's METRICS_PORT): each process's
   * `http://127.0.0.1:<port>/metrics` by kind, replicas in order (`{ dispatch: [first, second] }`);
   * empty otherwise.
   */
  metricsUrls(): Record<string, string[]>;
  /**
   * Replaces every process in turn with a new one (a deploy): a domain service's new process
   * starts first and its old one drains once the new one is ready; a gateway stops (drains), then
   * its new process must answer GET /api/health before the next. With two or more gateways behind
   * a proxy that skips a closed port, nothing is refused. Resolves to each process's time; rejects
   * at the first one that fails (the rest keep their old processes). One at a time.
   */
  rollingRestart(onStep?: (step: RollingStep) => void): Promise<RollingStep[]>;
  /**
   * Stops every service (SIGTERM, up to 10 s, then SIGKILL); for a throwaway stack, then drops
   * its database and deletes its JetStream stream. Calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

/** One process replaced by a rolling restart, and how long that took. */
export interface RollingStep {
  id: string;
  ms: number;
  /** The old process exited by itself after SIGTERM (false: it had to be killed). */
  drained: boolean;
}

/** What a domain service and a gateway write once they serve (bootstrap.ts, gateway main.ts). */
const READY_LINE = { service: 'service ready', gateway: 'gateway listening' };
/** The services' shutdown drains for up to 8 s. */
const DRAIN_MS = 12_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a stack runs: its database, NATS server and prefix, and its processes' ports. */
export interface Where {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  /** One per gateway replica. */
  ports: number[];
  /** METRICS_PORT by instance id, when the stack serves metrics. */
  metricsPorts: Map<string, number>;
}

async function whereToRun(options: StackOptions, env: NodeJS.ProcessEnv): Promise<Where> {
  const { databaseUrl: serverUrl, natsUrl } = infraUrls(env);
  const gateways = options.replicas?.gateway ?? 1;
  const taken: number[] = [];
  const distinctFreePort = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.includes(port)) return (taken.push(port), port);
    }
  };
  const metricsPorts = new Map<string, number>();
  // The developer's METRICS_PORT is where the first process listens, the others on the ports
  // after it (one port each: they would all ask for the same one otherwise).
  const firstMetricsPort = options.throwaway ? undefined : Number(env.METRICS_PORT) || undefined;
  const withMetricsPorts = async (ports: number[]) => {
    taken.push(...ports);
    if (options.metrics || firstMetricsPort) {
      for (const [index, { id }] of instancesOf(options.replicas).entries())
        metricsPorts.set(
          id,
          firstMetricsPort ? firstMetricsPort + index : await distinctFreePort(),
        );
    }
    return metricsPorts;
  };
  if (!options.throwaway) {
    const first = Number(env.PORT || INFRA_DEFAULTS.port);
    const ports = Array.from({ length: gateways }, (_, i) => first + i);
    return {
      databaseUrl: serverUrl,
      natsUrl,
      natsPrefix: env.NATS_PREFIX ?? '',
      ports,
      metricsPorts: await withMetricsPorts(ports),
    };
  }
  const ports: number[] = [];
  while (ports.length < gateways) ports.push(await distinctFreePort());
  const { label } = options.throwaway;
  const id = randomBytes(5).toString('hex');
  return {
    databaseUrl: withDatabaseName(serverUrl, `cincy_${label}_${id}`),
    natsUrl,
    natsPrefix: `${label}${id}`,
    ports,
    metricsPorts: await withMetricsPorts(ports),
  };
}

/** The environment of each process of the stack: the caller's, with the stack's own places. */
export function serviceEnv(options: StackOptions, env: NodeJS.ProcessEnv, where: Where) {
  const base: NodeJS.ProcessEnv = { ...env };
  if (options.throwaway) {
    // Throwaway stacks log at E2E_LOG_LEVEL, not at the developer's LOG_LEVEL.
    base.LOG_LEVEL = env.E2E_LOG_LEVEL || 'info';
    delete base.JEST_WORKER_ID;
    // A per-service database URL would win over DATABASE_URL and break the stack's isolation.
    for (const key of Object.keys(base)) {
      if (/^[A-Z]+_DATABASE_URL$/.test(key)) delete base[key];
    }
  }
  Object.assign(base, options.serviceEnv, {
    DATABASE_URL: where.databaseUrl,
    NATS_URL: where.natsUrl,
    NATS_PREFIX: where.natsPrefix,
  });
  // The project's own tests sign in as admin with a password alone unless a test asks for the
  // second step (issue 38: only they and the demo may turn it off).
  if (options.throwaway) base.REQUIRE_ADMIN_MFA ??= 'false';
  if (options.admin) {
    base.SEED_ADMIN_USERNAME = options.admin.username;
    base.SEED_ADMIN_PASSWORD = options.admin.password;
  }
  delete base.PORT; // only the gateway listens
  // Messages link to where this stack's app answers, unless the site has a public address.
  base.PUBLIC_URL ||= localAppUrl(where.ports[0]);
  delete base.METRICS_PORT; // one port per process, or none
  // Replicas must agree on the booking cookie's key; one per stack when none is configured.
  if (where.ports.length > 1) base.COOKIE_SECRET ||= randomBytes(32).toString('hex');
  return ({ id, name, replica }: Instance): NodeJS.ProcessEnv => {
    const own: NodeJS.ProcessEnv = { ...base };
    if (name === 'gateway') own.PORT = String(where.ports[replica - 1]);
    const metricsPort = where.metricsPorts.get(id);
    if (metricsPort !== undefined) own.METRICS_PORT = String(metricsPort);
    return own;
  };
}

/**
 * Starts the built services (`node services/<name>/dist/main.js`, gateway last) and waits for
 * GET /api/health to answer 200. The one launcher of `npm start`, the e2e tests and the bench.
 * Rejects, with everything stopped (and a throwaway stack removed), when a service exits first,
 * the health wait times out or `signal` aborts.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const missing = missingBuilds();
  if (missing.length) throw new Error(`Not built: ${missing.join(', ')}. Run \`npm run build\`.`);

  const env = options.env ?? process.env;
  const where = await whereToRun(options, env);
  const baseUrls = where.ports.map((port) => `http://127.0.0.1:${port}`);
  // Created here, before five services start at the same moment and race to CREATE DATABASE.
  if (options.throwaway) await createDatabase(where.databaseUrl);

  // The photos' object store: the site's (S3_URL), else s3rver in this process.
  const objectStore = env.S3_URL ? null : await startLocalObjectStore(!!options.throwaway);
  let up = false;
  let stopping = false;
  let firstExit: string | undefined;
  const processes = new StackProcesses({
    instances: instancesOf(options.replicas),
    envFor: serviceEnv(options, { ...env, ...objectStore?.env }, where),
    output: options.output ?? 'keep',
    processGroups: options.processGroups ?? false,
    restart: options.supervise
      ? {
          onRestart: (name, how, delayMs) =>
            options.onNote?.(`${name} ${how}: starting it again in ${delayMs / 1000} s`),
        }
      : undefined,
    onExit: (name, how) => {
      if (stopping) return;
      if (up) options.onExit?.(name, how);
      else if (!options.supervise) firstExit ??= `${name} ${how} before the stack was healthy`;
    },
  });

  let stopped: Promise<void> | undefined;
  let rolling: Promise<RollingStep[]> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      await processes.stop(STOP_GRACE_MS, options.onNote);
      await objectStore?.stop();
      if (options.throwaway) await removeStackData(where);
    })());
  const stopQuietly = () => void stop().catch(() => undefined); // stop()'s caller sees errors
  options.signal?.addEventListener('abort', stopQuietly, { once: true });
  if (options.signal?.aborted) stopQuietly();
  if (!stopping) processes.start();
  try {
    for (const baseUrl of baseUrls) {
      await waitForHealth(baseUrl, options, () =>
        stopping ? 'the stack was stopped before it was healthy' : firstExit,
      );
    }
    up = true;
  } catch (err) {
    const recent =
      options.output === 'print'
        ? ''
        : `\n--- recent service output ---\n${processes.recentOutput()}`;
    await stop().catch(() => undefined);
    throw new Error(`${(err as Error).message}${recent}`);
  }

  return {
    baseUrl: baseUrls[0],
    port: where.ports[0],
    baseUrls,
    databaseUrl: where.databaseUrl,
    natsUrl: where.natsUrl,
    natsPrefix: where.natsPrefix,
    admin: options.admin,
    recentOutput: () => processes.recentOutput(),
    pids: () => processes.pids(),
    metricsUrls: () => metricsUrlsOf(options.replicas, where.metricsPorts),
    rollingRestart: (onStep) =>
      (rolling ??= replaceEach(processes, options, baseUrls, onStep).finally(
        () => (rolling = undefined),
      )),
    stop,
  };
}

async function replaceEach(
  processes: StackProcesses,
  options: StackOptions,
  baseUrls: string[],
  onStep?: (step: RollingStep) => void,
): Promise<RollingStep[]> {
  const steps: RollingStep[] = [];
  for (const instance of instancesOf(options.replicas)) {
    const started = Date.now();
    const gateway = instance.name === 'gateway';
    const { drained } = await processes.replace(instance, {
      surge: !gateway,
      readyLine: gateway ? READY_LINE.gateway : `${instance.name} ${READY_LINE.service}`,
      readyTimeoutMs: HEALTH_TIMEOUT_MS,
      drainMs: DRAIN_MS,
    });
    if (gateway) {
      await waitForHealth(
        baseUrls[instance.replica - 1],
        { healthTimeoutMs: HEALTH_TIMEOUT_MS },
        () => (processes.pids()[instance.id] ? undefined : `${instance.id} exited`),
      );
    }
    const step = { id: instance.id, ms: Date.now() - started, drained };
    steps.push(step);
    onStep?.(step);
  }
  return steps;
}

function metricsUrlsOf(
  replicas: Replicas | undefined,
  ports: Map<string, number>,
): Record<string, string[]> {
  const urls: Record<string, string[]> = {};
  for (const { id, name } of instancesOf(replicas)) {
    const port = ports.get(id);
    if (port !== undefined) (urls[name] ??= []).push(`http://127.0.0.1:${port}/metrics`);
  }
  return urls;
}

/** Polls GET /api/health until 200; throws when `failed` names a reason or the time is up. */
async function waitForHealth(
  baseUrl: string,
  options: StackOptions,
  failed: () => string | undefined,
): Promise<void> {
  const url = `${baseUrl}/api/health`;
  const timeoutMs = options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS;
  const started = Date.now();
  let noted = started;
  options.onNote?.(`Waiting for ${url}`);
  for (;;) {
    const answer = await askHealth(url);
    // A stop or an exit while that request was out wins over its answer.
    const reason = failed();
    if (reason) throw new Error(reason);
    if (answer === true) return;
    const waited = Date.now() - started;
    if (waited > timeoutMs) {
      throw new Error(
        `GET /api/health did not answer 200 within ${timeoutMs / 1000} s (last: ${answer})`,
      );
    }
    if (Date.now() - noted >= WAITING_NOTE_EVERY_MS) {
      noted = Date.now();
      options.onNote?.(
        `Still waiting for ${url} after ${Math.round(waited / 1000)} s (last answer: ${answer})`,
      );
    }
    await sleep(250);
  }
}

/** true for a 200, else what came back instead (status and body, or the connection error). */
async function askHealth(url: string): Promise<true | string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    if (res.status === 200) return true;
    return `${res.status} ${(await res.text().catch(() => '')).slice(0, 300)}`;
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return e.cause?.code ?? e.message;
  }
}

/** Drops a stack's database and deletes its JetStream stream (a throwaway's stop() does it). */
export async function removeStackData(where: Omit<Where, 'ports' | 'metricsPorts'>): Promise<void> {
  const problems: string[] = [];
  await dropDatabase(where.databaseUrl).catch((err: Error) =>
    problems.push(`drop database ${databaseNameOf(where.databaseUrl)}: ${err.message}`),
  );
  await deleteStream(where.natsUrl, natsNames(where.natsPrefix).stream).catch((err: Error) =>
    problems.push(`delete stream: ${err.message}`),
  );
  if (problems.length) throw new Error(`Stack cleanup: ${problems.join('; ')}`);
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
