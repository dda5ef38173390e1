import path from 'node:path';
import os from 'node:os';
import { HOW_TO_START } from './infra-check';
import {
  chooseTestInfra,
  containerEngineAnswers,
  containerEngineHinted,
  decideTestInfra,
  TestInfraFacts,
} from './test-infra';

const facts = (over: Partial<TestInfraFacts> = {}): TestInfraFacts => ({
  env: {},
  reachable: { postgres: false, nats: false },
  dockerAnswers: false,
  installed: { postgres: false, nats: false },
  ...over,
});
const both = { postgres: true, nats: true };
const ENV = { DATABASE_URL: 'postgres://u@db:5432/x', NATS_URL: 'nats://mq:4222' };

describe('chooseTestInfra', () => {
  it('uses DATABASE_URL and NATS_URL when both are set, whatever else the machine offers', () => {
    expect(chooseTestInfra(facts({ env: ENV }))).toEqual({ path: 'env' });
    expect(
      chooseTestInfra(facts({ env: ENV, reachable: both, dockerAnswers: true, installed: both })),
    ).toEqual({ path: 'env' });
  });

  it('uses the servers already running at the defaults, even where Docker answers (this machine, CI)', () => {
    expect(chooseTestInfra(facts({ reachable: both }))).toEqual({ path: 'running' });
    expect(
      chooseTestInfra(facts({ reachable: both, dockerAnswers: true, installed: both })),
    ).toEqual({ path: 'running' });
  });

  it('runs both in containers on a laptop with Docker and nothing running', () => {
    expect(chooseTestInfra(facts({ dockerAnswers: true }))).toEqual({
      path: 'testcontainers',
      containers: ['postgres', 'nats'],
    });
  });

  it('prefers containers to starting a local install, which would outlive the run', () => {
    expect(chooseTestInfra(facts({ dockerAnswers: true, installed: both }))).toEqual({
      path: 'testcontainers',
      containers: ['postgres', 'nats'],
    });
  });

  it('runs only what is neither set nor running in a container', () => {
    expect(
      chooseTestInfra(facts({ reachable: { postgres: true, nats: false }, dockerAnswers: true })),
    ).toEqual({ path: 'testcontainers', containers: ['nats'] });
    expect(
      chooseTestInfra(facts({ env: { NATS_URL: ENV.NATS_URL }, dockerAnswers: true })),
    ).toEqual({ path: 'testcontainers', containers: ['postgres'] });
  });

  it('a set variable counts as there even when its default address answers nothing', () => {
    expect(
      chooseTestInfra(
        facts({
          env: { DATABASE_URL: ENV.DATABASE_URL },
          reachable: { postgres: false, nats: true },
        }),
      ),
    ).toEqual({ path: 'running' });
  });

  it('an empty variable counts as unset', () => {
    expect(
      chooseTestInfra(facts({ env: { DATABASE_URL: '', NATS_URL: '' }, reachable: both })),
    ).toEqual({ path: 'running' });
  });

  it('starts the local install without a Docker engine (CI: installed, not running)', () => {
    expect(chooseTestInfra(facts({ installed: both }))).toEqual({
      path: 'start-local',
      start: ['postgres', 'nats'],
    });
    expect(
      chooseTestInfra(
        facts({
          reachable: { postgres: true, nats: false },
          installed: { postgres: false, nats: true },
        }),
      ),
    ).toEqual({ path: 'start-local', start: ['nats'] });
  });

  it('stops with the how-to, Docker included, when nothing can provide a server', () => {
    const choice = chooseTestInfra(facts({ installed: { postgres: true, nats: false } }));
    if (choice.path !== 'missing') throw new Error(`expected missing, got ${choice.path}`);
    expect(choice.message).toContain(
      'PostgreSQL is not reachable at 127.0.0.1:5432 (DATABASE_URL=postgres://postgres@127.0.0.1:5432/cincy_battery).',
    );
    expect(choice.message).toContain(
      'NATS (with JetStream) is not reachable at 127.0.0.1:4222 (NATS_URL=nats://127.0.0.1:4222).',
    );
    expect(choice.message).toContain(`  ${HOW_TO_START.postgres}`);
    expect(choice.message).toContain(`  ${HOW_TO_START.nats}`);
    expect(choice.message).toContain(
      'or point DATABASE_URL / NATS_URL at servers that are running.',
    );
    expect(choice.message).toContain('start a Docker-compatible engine');
  });

  it('names only what is missing in the how-to', () => {
    const choice = chooseTestInfra(facts({ reachable: { postgres: true, nats: false } }));
    if (choice.path !== 'missing') throw new Error(`expected missing, got ${choice.path}`);
    expect(choice.message).toContain('NATS (with JetStream) is not reachable');
    expect(choice.message).not.toContain('PostgreSQL');
    expect(choice.message).not.toContain(HOW_TO_START.postgres);
  });
});

describe('containerEngineHinted', () => {
  const none = () => false;

  it('sees DOCKER_HOST, the testcontainers properties file and the usual sockets', () => {
    expect(containerEngineHinted({ DOCKER_HOST: 'tcp://10.0.0.5:2375' }, none)).toBe(true);
    const home = os.homedir();
    for (const file of [
      path.join(home, '.testcontainers.properties'),
      '/var/run/docker.sock',
      path.join(home, '.docker', 'run', 'docker.sock'),
      '/tmp/xdg/docker.sock',
    ]) {
      expect(containerEngineHinted({ XDG_RUNTIME_DIR: '/tmp/xdg' }, (f) => f === file)).toBe(true);
    }
  });

  it('sees nothing where there is nothing', () => {
    expect(containerEngineHinted({}, none)).toBe(false);
  });
});

describe('containerEngineAnswers', () => {
  const runtime = (answer: () => Promise<unknown>) => {
    const load = jest.fn(async () => ({ getContainerRuntimeClient: answer as never }));
    return load;
  };

  it('never loads testcontainers where nothing hints at an engine', async () => {
    const load = runtime(async () => ({}));
    expect(await containerEngineAnswers({}, false, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('is false when testcontainers finds no working runtime strategy', async () => {
    const load = runtime(async () => {
      throw new Error('Could not find a working container runtime strategy');
    });
    expect(await containerEngineAnswers({}, true, load)).toBe(false);
  });

  it('is true when testcontainers finds a runtime', async () => {
    expect(
      await containerEngineAnswers(
        {},
        true,
        runtime(async () => ({})),
      ),
    ).toBe(true);
  });

  it('is false when testcontainers itself cannot be loaded', async () => {
    const load = jest.fn(async () => {
      throw new Error('Cannot find module');
    });
    expect(await containerEngineAnswers({}, true, load)).toBe(false);
  });

  it('the pinned testcontainers modules load on this Node (11.x: 12.x does not)', async () => {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const { NatsContainer } = await import('@testcontainers/nats');
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    expect(typeof getContainerRuntimeClient).toBe('function');
    expect(typeof NatsContainer.prototype.withJetStream).toBe('function');
    expect(typeof PostgreSqlContainer.prototype.withUsername).toBe('function');
  });
});

describe('decideTestInfra', () => {
  it('takes DATABASE_URL and NATS_URL as they are, asking nothing of the machine', async () => {
    // Nothing listens at these: had it probed anything, it could not say 'env' this fast.
    const env = { DATABASE_URL: 'postgres://u@127.0.0.2:1/x', NATS_URL: 'nats://127.0.0.2:1' };
    expect(await decideTestInfra(env)).toEqual({ path: 'env' });
  });
});
