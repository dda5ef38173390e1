import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { identityService } from '../src/app.module';
import { SessionsService } from '../src/sessions';

const TEST_CLIENT = { userAgent: 'jest', ip: '127.0.0.1', deviceId: 'test-device' };

const testStack = useIsolatedStack();
process.env.SEED_ADMIN_USERNAME = 'Boss';
process.env.SEED_ADMIN_PASSWORD = 'correct horse battery';

let identity: INestMicroservice;
let rpc: RpcClient;

beforeAll(async () => {
  identity = await createServiceApp(identityService);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  await rpc.close();
  await identity.close();
  await dropIsolatedStack(testStack);
});

const login = (username: string, password: string) =>
  rpc.call('identity.sessions.create', { username, password, client: TEST_CLIENT });

describe('identity sessions', () => {
  it('seeds the admin from env once, storing an argon2id hash, never the password', async () => {
    const rows = await identity
      .get(DataSource)
      .query('SELECT username, role, password_hash FROM users');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'Boss', role: 'admin' });
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain('correct horse');
  });

  it('logs in case-insensitively by username and resolves the opaque token to the user', async () => {
    const session = await login('boss', 'correct horse battery');
    expect(session.user).toEqual({ id: 1, name: 'Administrator', username: 'Boss', role: 'admin' });
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(rpc.call('identity.sessions.resolve', { token: session.token })).resolves.toEqual({
      ...session.user,
      sessionId: expect.any(Number),
      stage: 'full',
    });
    // Only a hash of the token is stored.
    const stored = await identity.get(DataSource).query('SELECT session_token FROM user_sessions');
    expect(stored.map((r: { session_token: string }) => r.session_token)).not.toContain(
      session.token,
    );
  });

  it('refuses a wrong password or an unknown user with the same answer', async () => {
    for (const [username, password] of [
      ['Boss', 'wrong password'],
      ['nobody', 'correct horse battery'],
    ]) {
      await expect(login(username, password)).rejects.toMatchObject({
        status: 401,
        body: { code: 'INVALID_CREDENTIALS', message: 'Invalid username or password.' },
      });
    }
  });

  it('ends a session on logout', async () => {
    const { token } = await login('Boss', 'correct horse battery');
    await expect(rpc.call('identity.sessions.end', { token })).resolves.toEqual({ ended: true });
    await expect(rpc.call('identity.sessions.resolve', { token })).rejects.toMatchObject({
      status: 401,
    });
    await expect(rpc.call('identity.sessions.end', { token })).resolves.toEqual({ ended: false });
  });

  it('expires a session after 60 minutes without activity, on the server', async () => {
    const { token } = await login('Boss', 'correct horse battery');
    const sessions = identity.get(SessionsService);
    const in59 = new Date(Date.now() + 59 * 60_000);
    await expect(sessions.resolve(token, in59)).resolves.toMatchObject({ username: 'Boss' });
    // Activity at +59 min moved the idle clock: +118 min is still fine, +180 is not.
    await expect(
      sessions.resolve(token, new Date(Date.now() + 118 * 60_000)),
    ).resolves.toBeDefined();
    await expect(
      sessions.resolve(token, new Date(Date.now() + 180 * 60_000)),
    ).rejects.toMatchObject({
      error: { code: 'UNAUTHENTICATED' },
    });
    // Once expired it stays ended, even if asked "earlier" again.
    await expect(rpc.call('identity.sessions.resolve', { token })).rejects.toMatchObject({
      status: 401,
    });
    const [row] = await identity
      .get(DataSource)
      .query(
        'SELECT is_active, logout_time, total_hours FROM user_sessions ORDER BY id DESC LIMIT 1',
      );
    expect(row.is_active).toBe(false);
    expect(Number(row.total_hours)).toBeGreaterThan(1.9);
  });

  it('ends a session 12 hours after its sign-in, however busy (issue 38)', async () => {
    const { token } = await login('Boss', 'correct horse battery');
    const sessions = identity.get(SessionsService);
    // Used every 50 minutes: never idle, but past its longest life.
    let at = Date.now();
    for (; at < Date.now() + 11.5 * 3_600_000; at += 50 * 60_000)
      await expect(sessions.resolve(token, new Date(at))).resolves.toBeDefined();
    await expect(sessions.resolve(token, new Date(at + 50 * 60_000))).rejects.toMatchObject({
      error: { code: 'UNAUTHENTICATED' },
    });
  });

  it('does not seed again once any user exists', async () => {
    // Renamed, so a wrong second seed of "Boss" would not collide with it and would show.
    await identity.get(DataSource).query(`UPDATE users SET username = 'renamed'`);
    await identity.close();
    identity = await createServiceApp(identityService);
    const rows = await identity.get(DataSource).query('SELECT username FROM users');
    expect(rows).toEqual([{ username: 'renamed' }]);
  });
});
