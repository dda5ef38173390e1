import { EVENT_TYPES, LOCATION, USER_MESSAGES } from '@cincy/contracts';
import { NatsConnectionHolder, RpcClient, createServiceApp } from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  useIsolatedStack,
  openTestNats,
  refusal,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { identityService } from '../src/app.module';
import { PRESENCE, PresenceService } from '../src/presence';

const TEST_CLIENT = { userAgent: 'jest', ip: '127.0.0.1', deviceId: 'test-device' };

const testStack = useIsolatedStack();
process.env.SEED_ADMIN_USERNAME = 'chief';
process.env.SEED_ADMIN_PASSWORD = 'a long enough password';

let identity: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;

beforeAll(async () => {
  identity = await createServiceApp(identityService);
  rpc = await connectTestRpc(testStack.prefix);
  nats = await openTestNats(testStack.prefix);
});

afterAll(async () => {
  await nats.close();
  await rpc.close();
  await identity.close();
  await dropIsolatedStack(testStack);
});

const db = () => identity.get(DataSource);
const createUser = (username: string, extra: Record<string, unknown> = {}) =>
  rpc.call('identity.users.create', {
    user: { username, name: `Name of ${username}`, password: 'eight chars', ...extra },
    actor: TEST_ACTORS.admin,
  });

const streamCount = async (type: (typeof EVENT_TYPES)[number]) => {
  const subject = nats.names.event(type);
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

describe('users', () => {
  it('creates a technician by default, answers without any password, and announces it', async () => {
    const user = await createUser('tess', {
      employeeId: 'E-7',
      zipCode: '45202',
      status: 'online',
    });
    expect(user).toEqual({
      id: expect.any(Number),
      name: 'Name of tess',
      username: 'tess',
      role: 'technician',
      employeeId: 'E-7',
      status: 'available', // set automatically, never by the caller
      zipCode: '45202',
      email: null,
      createdAt: expect.any(String),
    });
    const [row] = await db().query('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // The seeded admin and tess.
    await eventually(async () => (await streamCount('identity.user.created')) === 2);
  });

  it('keeps usernames unique whatever their case (409 on the username field)', async () => {
    const taken = await refusal(createUser('TESS'));
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ username: USER_MESSAGES.usernameTaken });
  });

  it('refuses a short password with a clear message', async () => {
    const short = await refusal(createUser('shorty', { password: 'seven77' }));
    expect(short.status).toBe(400);
    expect(Object.values(short.body.fieldErrors ?? {})).toContain(
      'Password must be at least 8 characters',
    );
  });
});

describe('presence', () => {
  it('puts a user online at login and offline at logout, announcing each change once', async () => {
    await createUser('olive');
    const before = await streamCount('identity.user.presence-changed');
    const { token, user } = await rpc.call('identity.sessions.create', {
      username: 'olive',
      password: 'eight chars',
      client: TEST_CLIENT,
    });
    const online = (await rpc.call('identity.users.locations', {})).find((u) => u.id === user.id);
    expect(online).toMatchObject({ status: 'online', lastSeen: expect.any(String) });
    await rpc.call('identity.users.heartbeat', { userId: user.id }); // no change, no event
    await rpc.call('identity.sessions.end', { token });
    const offline = (await rpc.call('identity.users.locations', {})).find((u) => u.id === user.id);
    expect(offline?.status).toBe('offline');
    await eventually(
      async () => (await streamCount('identity.user.presence-changed')) === before + 2,
    );
  });

  it('stores a position at most once per 30 s, and shows it on the map list', async () => {
    const tess = (await rpc.call('identity.users.locations', {})).find(
      (u) => u.username === 'tess',
    )!;
    const report = (latitude: number) =>
      rpc.call('identity.users.report-location', {
        userId: tess.id,
        location: { latitude, longitude: -84.51, accuracy: 12 },
        token: 'not-a-session',
      });
    const [first, second] = await Promise.all([report(39.1), report(39.2)]);
    expect([first.stored, second.stored].sort()).toEqual([false, true]);
    const [{ count }] = await db().query(
      'SELECT count(*)::int AS count FROM location_tracking WHERE user_id = $1',
      [tess.id],
    );
    expect(count).toBe(1);
    const listed = (await rpc.call('identity.users.locations', {})).find((u) => u.id === tess.id);
    expect(listed).toMatchObject({ status: 'online', currentLocation: { lng: -84.51 } });

    // Thirty seconds later the next report is stored.
    await db().query(
      `UPDATE users SET location_updated_at = now() - interval '${LOCATION.reportThrottleMs / 1000 + 1} seconds' WHERE id = $1`,
      [tess.id],
    );
    expect((await report(39.3)).stored).toBe(true);
  });

  it('answers 404 for a heartbeat of an unknown user', async () => {
    expect((await refusal(rpc.call('identity.users.heartbeat', { userId: 99999 }))).status).toBe(
      404,
    );
  });

  it('marks offline whoever went silent for longer than two heartbeats', async () => {
    const tess = (await rpc.call('identity.users.locations', {})).find(
      (u) => u.username === 'tess',
    )!;
    expect(tess.status).toBe('online');
    const presence = identity.get(PresenceService);
    expect(await presence.sweep(new Date(Date.now() + PRESENCE.offlineAfterMs - 60_000))).toBe(0);
    expect(await presence.sweep(new Date(Date.now() + PRESENCE.offlineAfterMs + 60_000))).toBe(1);
    const after = (await rpc.call('identity.users.locations', {})).find((u) => u.id === tess.id);
    expect(after?.status).toBe('offline');
  });
});
