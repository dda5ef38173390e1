import net from 'node:net';
import { checkInfra, HOW_TO_START, hostPort } from './infra-check';

/** A port that refuses connections: the OS hands it out, nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('checkInfra', () => {
  let listening: net.Server;
  let openPort: number;

  beforeAll(async () => {
    listening = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    openPort = (listening.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listening.close(() => resolve())));

  it('says which server is not reachable, where, and how to start it', async () => {
    const port = await closedPort();
    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/cincy_x`;
    const result = await checkInfra({
      DATABASE_URL: databaseUrl,
      NATS_URL: `nats://127.0.0.1:${openPort}`,
    });
    expect(result.ok).toBe(false);
    expect(result.missing.map((m) => m.key)).toEqual(['postgres']);
    expect(result.message.split('\n')).toEqual([
      `PostgreSQL is not reachable at 127.0.0.1:${port} (DATABASE_URL=${databaseUrl}).`,
      '',
      'Start it on this machine (as root):',
      `  ${HOW_TO_START.postgres}`,
      '',
      'or, where Docker is available, from the repository root:',
      `  ${HOW_TO_START.docker}`,
      '',
      'or point DATABASE_URL / NATS_URL at servers that are running.',
    ]);
  });

  it('lists NATS with its own command when it is the one missing', async () => {
    const port = await closedPort();
    const result = await checkInfra({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${openPort}/cincy_x`,
      NATS_URL: `nats://127.0.0.1:${port}`,
    });
    expect(result.message).toContain(
      `NATS (with JetStream) is not reachable at 127.0.0.1:${port} (NATS_URL=nats://127.0.0.1:${port}).`,
    );
    expect(result.message).toContain(`  ${HOW_TO_START.nats}`);
    expect(result.message).not.toContain(HOW_TO_START.postgres);
  });

  it('is ok, with no message, when both answer', async () => {
    const result = await checkInfra({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${openPort}/cincy_x`,
      NATS_URL: `127.0.0.1:${openPort}`,
    });
    expect(result).toEqual({ ok: true, missing: [], message: '' });
  });

  it('names an invalid URL instead of a host', async () => {
    const result = await checkInfra({
      DATABASE_URL: 'postgres://[bad',
      NATS_URL: `nats://127.0.0.1:${openPort}`,
    });
    expect(result.message).toContain(
      'PostgreSQL: DATABASE_URL=postgres://[bad is not a valid URL.',
    );
  });
});

describe('hostPort', () => {
  it('reads the first of several NATS servers, with default ports and no scheme', () => {
    expect(hostPort('nats://10.0.0.5,nats://10.0.0.6:4223', 4222)).toEqual({
      host: '10.0.0.5',
      port: 4222,
    });
    expect(hostPort('localhost:5433', 5432)).toEqual({ host: 'localhost', port: 5433 });
  });
});
