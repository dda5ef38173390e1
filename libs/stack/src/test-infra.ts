import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canConnect, howToStart, infraTargets } from './infra-check';
import { probeMachine } from './infra-start';

export type InfraKey = 'postgres' | 'nats';

/** What `npm test` knows about this machine when it picks where Postgres and NATS come from. */
export interface TestInfraFacts {
  env: NodeJS.ProcessEnv;
  /** Whether each server answers at its default address (read only where its variable is unset). */
  reachable: Record<InfraKey, boolean>;
  /** A Docker-compatible engine answers: testcontainers found a working container runtime. */
  dockerAnswers: boolean;
  /** What this machine can start itself: a Debian cluster, a nats-server binary (probeMachine). */
  installed: Record<InfraKey, boolean>;
}

/**
 * - env: DATABASE_URL and NATS_URL are both set: those servers (started by ensureInfra when they
 *   are local, installed and not running).
 * - running: what is not set answers at the default address: those servers.
 * - testcontainers: a Docker-compatible engine answers: `containers` (what is not set and not
 *   running) run in throwaway containers, removed when the tests end.
 * - start-local: no engine, but this machine has what is missing installed (ensureInfra).
 * - missing: none of these; `message` says what to start and how.
 */
export type TestInfraChoice =
  | { path: 'env' }
  | { path: 'running' }
  | { path: 'testcontainers'; containers: InfraKey[] }
  | { path: 'start-local'; start: InfraKey[] }
  | { path: 'missing'; message: string };

const KEYS: readonly InfraKey[] = ['postgres', 'nats'];
const ENV_VAR = { postgres: 'DATABASE_URL', nats: 'NATS_URL' } as const;

/**
 * Where the test run's Postgres and NATS come from. A variable that is set always wins for its
 * server; what is left comes, in this order, from servers already running at the defaults, from
 * containers when a Docker-compatible engine answers, from starting the local install, else the
 * run stops with the how-to.
 */
export function chooseTestInfra(facts: TestInfraFacts): TestInfraChoice {
  const unset = KEYS.filter((key) => !facts.env[ENV_VAR[key]]);
  if (!unset.length) return { path: 'env' };
  const down = unset.filter((key) => !facts.reachable[key]);
  if (!down.length) return { path: 'running' };
  if (facts.dockerAnswers) return { path: 'testcontainers', containers: down };
  if (down.every((key) => facts.installed[key])) return { path: 'start-local', start: down };
  const defaults = infraTargets({});
  return {
    path: 'missing',
    message: [
      howToStart(defaults.filter((target) => down.includes(target.key))),
      '',
      'or start a Docker-compatible engine: `npm test` then runs its own Postgres and NATS in',
      'containers (testcontainers) and removes them when the tests end.',
    ].join('\n'),
  };
}

/**
 * Signs that a Docker-compatible engine may be there, from what testcontainers itself looks at
 * (DOCKER_HOST, ~/.testcontainers.properties, the usual sockets), so that testcontainers is loaded
 * only on machines that have one.
 */
export function containerEngineHinted(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): boolean {
  if (env.DOCKER_HOST) return true;
  const home = os.homedir();
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const candidates = [
    path.join(home, '.testcontainers.properties'),
    '/var/run/docker.sock',
    env.XDG_RUNTIME_DIR && path.join(env.XDG_RUNTIME_DIR, 'docker.sock'),
    path.join(home, '.docker', 'run', 'docker.sock'),
    path.join(home, '.docker', 'desktop', 'docker.sock'),
    uid !== undefined && `/run/user/${uid}/docker.sock`,
  ];
  return candidates.some((file) => !!file && exists(file));
}

const ENGINE_TIMEOUT_MS = 15_000;

/**
 * True when testcontainers finds a working container runtime. Without any sign of one it answers
 * false without loading testcontainers; its "Could not find a working container runtime strategy"
 * (or an engine that does not answer in time) is a false too.
 */
export async function containerEngineAnswers(
  env: NodeJS.ProcessEnv = process.env,
  hinted = containerEngineHinted(env),
  load: () => Promise<Pick<typeof import('testcontainers'), 'getContainerRuntimeClient'>> = () =>
    import('testcontainers'),
): Promise<boolean> {
  if (!hinted) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await load();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), ENGINE_TIMEOUT_MS);
    });
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Gathers the facts chooseTestInfra needs, each only when the cheaper ones do not settle it:
 * which servers answer, then whether a container engine answers, then what is installed.
 */
export async function decideTestInfra(
  env: NodeJS.ProcessEnv = process.env,
): Promise<TestInfraChoice> {
  const defaults = infraTargets({});
  const answers = async (key: InfraKey) => {
    const at = defaults.find((t) => t.key === key)?.at;
    return !env[ENV_VAR[key]] && !!at && (await canConnect(at));
  };
  const facts: TestInfraFacts = {
    env,
    reachable: { postgres: await answers('postgres'), nats: await answers('nats') },
    dockerAnswers: false,
    installed: { postgres: false, nats: false },
  };
  let choice = chooseTestInfra(facts);
  if (choice.path !== 'missing') return choice;
  facts.dockerAnswers = await containerEngineAnswers(env);
  choice = chooseTestInfra(facts);
  if (choice.path !== 'missing') return choice;
  const machine = await probeMachine();
  facts.installed = { postgres: machine.postgresClusters.length > 0, nats: !!machine.natsServer };
  return chooseTestInfra(facts);
}

export const TEST_IMAGES = { postgres: 'postgres:16-alpine', nats: 'nats:2.10-alpine' } as const;

export interface TestContainers {
  /** DATABASE_URL and TEST_DATABASE_URL, NATS_URL: for what runs in containers. */
  env: Record<string, string>;
  /** Stops and removes the containers (idempotent). */
  stop(): Promise<void>;
}

/**
 * Starts Postgres and/or NATS with JetStream in containers for one test run. Every container also
 * carries testcontainers' session label, so its reaper removes them should this process die
 * before stop(). Throws (after removing what did start) when one cannot start.
 */
export async function startTestContainers(
  keys: InfraKey[],
  onNote: (text: string) => void = () => {},
): Promise<TestContainers> {
  const started: { stop(): Promise<unknown> }[] = [];
  const env: Record<string, string> = {};
  const stop = async () => {
    const all = started.splice(0);
    await Promise.allSettled(all.map((c) => c.stop()));
  };
  const starts: Promise<void>[] = [];
  if (keys.includes('postgres')) {
    starts.push(
      (async () => {
        const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
        onNote(`Starting PostgreSQL in a container (${TEST_IMAGES.postgres})`);
        const pg = await new PostgreSqlContainer(TEST_IMAGES.postgres)
          .withUsername('postgres')
          .withDatabase('cincy_battery')
          .start();
        started.push(pg);
        env.DATABASE_URL = pg.getConnectionUri();
        env.TEST_DATABASE_URL = env.DATABASE_URL;
      })(),
    );
  }
  if (keys.includes('nats')) {
    starts.push(
      (async () => {
        const { NatsContainer } = await import('@testcontainers/nats');
        // NatsContainer always adds --user/--pass, and the services connect with NATS_URL alone:
        // those two go (the command is final here), the rest (--jetstream) stays.
        const auth = new Set(['--user', '--pass']);
        class OpenNats extends NatsContainer {
          protected override async beforeContainerCreated(): Promise<void> {
            const cmd = this.createOpts.Cmd ?? [];
            this.withCommand(cmd.filter((arg, i) => !auth.has(arg) && !auth.has(cmd[i - 1])));
          }
        }
        onNote(`Starting NATS with JetStream in a container (${TEST_IMAGES.nats})`);
        const nats = await new OpenNats(TEST_IMAGES.nats).withJetStream().start();
        started.push(nats);
        env.NATS_URL = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
      })(),
    );
  }
  const results = await Promise.allSettled(starts);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  return { env, stop };
}
