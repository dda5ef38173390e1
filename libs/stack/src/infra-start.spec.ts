import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { freePort } from './free-port';
import { infraUrls, MissingInfra } from './infra-check';
import { ensureInfra, MachineProbe, planInfraStart, probeMachine } from './infra-start';

const pgMissing = (host = '127.0.0.1'): MissingInfra => ({
  name: 'PostgreSQL',
  key: 'postgres',
  envVar: 'DATABASE_URL',
  url: `postgres://postgres@${host}:5432/x`,
  at: { host, port: 5432 },
});
const natsMissing = (host = '127.0.0.1', port = 4222): MissingInfra => ({
  name: 'NATS (with JetStream)',
  key: 'nats',
  envVar: 'NATS_URL',
  url: `nats://${host}:${port}`,
  at: { host, port },
});
const machine = (over: Partial<MachineProbe> = {}): MachineProbe => ({
  postgresClusters: [],
  natsServer: null,
  docker: false,
  ...over,
});

describe('planInfraStart', () => {
  it('starts the newest local cluster and the local nats-server on the URL port', () => {
    const steps = planInfraStart(
      [pgMissing(), natsMissing('localhost', 4333)],
      machine({
        postgresClusters: ['13', '15'],
        natsServer: '/usr/sbin/nats-server',
        docker: true,
      }),
    );
    expect(steps).toEqual([
      {
        key: 'postgres',
        how: 'pg_ctlcluster',
        version: '15',
        at: { host: '127.0.0.1', port: 5432 },
      },
      {
        key: 'nats',
        how: 'nats-server',
        binary: '/usr/sbin/nats-server',
        at: { host: 'localhost', port: 4333 },
      },
    ]);
  });

  it('uses docker compose for what has no local install', () => {
    const steps = planInfraStart([pgMissing(), natsMissing()], machine({ docker: true }));
    expect(steps.map((s) => [s.key, s.how])).toEqual([
      ['postgres', 'docker'],
      ['nats', 'docker'],
    ]);
  });

  it('never starts a server another host is meant to run, nor anything without a way to', () => {
    const everything = machine({ postgresClusters: ['15'], natsServer: '/x', docker: true });
    expect(planInfraStart([pgMissing('db.internal'), natsMissing('10.0.0.5')], everything)).toEqual(
      [],
    );
    expect(planInfraStart([pgMissing(), natsMissing()], machine())).toEqual([]);
  });
});

// The Postgres this test run uses: the default one, or the one npm test put in DATABASE_URL (a
// container on a laptop with Docker).
const databaseUrl = infraUrls(process.env).databaseUrl;
// Starting a nats-server needs one installed: always so on CI and machines like it (a missing one
// fails there); a laptop whose NATS runs in a container may have none.
const natsServerHere = [
  '/usr/sbin',
  '/usr/local/bin',
  '/usr/bin',
  ...(process.env.PATH ?? '').split(':'),
]
  .filter(Boolean)
  .some((dir) => existsSync(path.join(dir, 'nats-server')));
const withNatsServer = natsServerHere || process.env.CI ? it : it.skip;

describe('ensureInfra', () => {
  withNatsServer(
    'starts a JetStream nats-server where NATS_URL points and nothing answers',
    async () => {
      const machineNow = await probeMachine();
      if (!machineNow.natsServer) throw new Error('nats-server is not installed on this machine');
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cincy-infra-'));
      const env = { DATABASE_URL: databaseUrl, NATS_URL: `nats://127.0.0.1:${port}` };
      const result = await ensureInfra(env, { dataDir });
      const pid = result.started.find((s) => s.key === 'nats')?.pid;
      try {
        expect(result.ok).toBe(true);
        expect(pid).toBeDefined();
        const nc = await connect({ servers: env.NATS_URL });
        const account = await (await nc.jetstreamManager()).getAccountInfo();
        expect(account.limits).toBeDefined(); // JetStream is on
        await nc.close();
      } finally {
        if (pid) process.kill(pid, 'SIGTERM');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    40_000,
  );

  it('says exactly what to run when a server cannot be started here', async () => {
    // 127.0.0.2 is this machine but not a host name we start servers for: as good as remote.
    const port = await freePort();
    const env = { DATABASE_URL: databaseUrl, NATS_URL: `nats://127.0.0.2:${port}` };
    const result = await ensureInfra(env);
    expect(result.ok).toBe(false);
    expect(result.started).toEqual([]);
    expect(result.message).toContain(`NATS (with JetStream) is not reachable at 127.0.0.2:${port}`);
    expect(result.message).toContain('docker compose up -d postgres nats');
  }, 20_000);
});
