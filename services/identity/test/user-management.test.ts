import { EVENT_TYPES, USER_MESSAGES, User } from '@cincy/contracts';
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
import { identityService } from '../src/app.module';

const TEST_CLIENT = { userAgent: 'jest', ip: '127.0.0.1', deviceId: 'test-device' };

const testStack = useIsolatedStack();
process.env.SEED_ADMIN_USERNAME = 'root';
process.env.SEED_ADMIN_PASSWORD = 'root password 1';

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

const actor = TEST_ACTORS.admin;
const create = (username: string, role: 'admin' | 'technician' = 'technician') =>
  rpc.call('identity.users.create', {
    user: { username, name: `Name ${username}`, role, password: 'first password' },
    actor,
  });
const update = (user: User, changes: Record<string, unknown> = {}) =>
  rpc.call('identity.users.update', {
    id: user.id,
    user: { username: user.username, name: user.name, role: user.role, ...changes },
    actor,
  });
const login = (username: string, password: string) =>
  rpc.call('identity.sessions.create', { username, password, client: TEST_CLIENT });
const resolves = (token: string) =>
  rpc.call('identity.sessions.resolve', { token }).then(
    () => true,
    () => false,
  );

const streamCount = async (type: (typeof EVENT_TYPES)[number]) => {
  const subject = nats.names.event(type);
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

describe('user management (identity)', () => {
  it('lists users by name without passwords', async () => {
    await create('zed');
    const users = await rpc.call('identity.users.list', {});
    // By name: 'Administrator' (root) before 'Name zed'.
    expect(users.map((u) => u.username)).toEqual(['root', 'zed']);
    expect(JSON.stringify(users)).not.toMatch(/password|argon2/i);
  });

  it('edits a user; a blank password keeps the old one and the sessions', async () => {
    const user = await create('edna');
    const { token } = await login('edna', 'first password');
    const edited = await update(user, { name: 'Edna Edited', password: '' });
    expect(edited).toMatchObject({ name: 'Edna Edited', role: 'technician' });
    await expect(login('edna', 'first password')).resolves.toBeDefined();
    expect(await resolves(token)).toBe(true);
  });

  it('ends every session of a user whose password changed, and tells the gateways', async () => {
    const user = await create('pia');
    const { token } = await login('pia', 'first password');
    const before = await streamCount('identity.user.sessions-ended');
    await update(user, { password: 'second password' });
    expect(await resolves(token)).toBe(false);
    await expect(login('pia', 'second password')).resolves.toBeDefined();
    await eventually(
      async () => (await streamCount('identity.user.sessions-ended')) === before + 1,
    );
  });

  it('ends the sessions of a demoted admin, and never demotes or deletes the last admin', async () => {
    const [root] = (await rpc.call('identity.users.list', {})).filter((u) => u.username === 'root');
    const lastDemotion = await refusal(update(root, { role: 'technician' }));
    expect(lastDemotion).toMatchObject({ status: 409, body: { message: USER_MESSAGES.lastAdmin } });

    const boss = await create('boss', 'admin');
    const { token } = await login('boss', 'first password');
    await update(boss, { role: 'technician' });
    expect(await resolves(token)).toBe(false);

    const lastDeletion = await refusal(
      rpc.call('identity.users.delete', { id: root.id, actor: { ...actor, id: boss.id } }),
    );
    expect(lastDeletion).toMatchObject({ status: 409, body: { message: USER_MESSAGES.lastAdmin } });
  });

  it('never lets two admins delete each other at once and leave none', async () => {
    const a = await create('anna', 'admin');
    const b = await create('bert', 'admin');
    const [root] = (await rpc.call('identity.users.list', {})).filter((u) => u.username === 'root');
    // Three admins; three deletions at once by each other: at most two go.
    const results = await Promise.allSettled([
      rpc.call('identity.users.delete', { id: a.id, actor: { ...actor, id: b.id } }),
      rpc.call('identity.users.delete', { id: b.id, actor: { ...actor, id: root.id } }),
      rpc.call('identity.users.delete', { id: root.id, actor: { ...actor, id: a.id } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const admins = (await rpc.call('identity.users.list', {})).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
  });

  it("refuses to delete one's own account, and keeps usernames unique on edit", async () => {
    const self = await create('selma');
    expect(
      (
        await refusal(
          rpc.call('identity.users.delete', { id: self.id, actor: { ...actor, id: self.id } }),
        )
      ).status,
    ).toBe(403);
    const other = await create('otis');
    const taken = await refusal(update(other, { username: 'SELMA' }));
    expect(taken).toMatchObject({
      status: 409,
      body: { fieldErrors: { username: USER_MESSAGES.usernameTaken } },
    });
  });

  it('deletes a user: their sessions end, they cannot sign in, others learn it', async () => {
    const gone = await create('gus');
    const { token } = await login('gus', 'first password');
    const deleted = await streamCount('identity.user.deleted');
    expect(await rpc.call('identity.users.delete', { id: gone.id, actor })).toEqual({
      message: USER_MESSAGES.deleted,
    });
    expect(await resolves(token)).toBe(false);
    expect((await refusal(login('gus', 'first password'))).status).toBe(401);
    await eventually(async () => (await streamCount('identity.user.deleted')) === deleted + 1);
    expect((await refusal(rpc.call('identity.users.delete', { id: gone.id, actor }))).status).toBe(
      404,
    );
  });
});
