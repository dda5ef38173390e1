import { ACCOUNT_MESSAGES } from '@cincy/contracts';
import { RpcClient, createServiceApp } from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountMail, totpCodeAt } from '../src/credentials';
import { identityService } from '../src/app.module';

/** Issue 38 at identity's RPC: the second step, recovery codes, trusted devices, links, sessions. */
const testStack = useIsolatedStack();
process.env.SEED_ADMIN_USERNAME = 'chief';
process.env.SEED_ADMIN_PASSWORD = 'chief password 1';
process.env.REQUIRE_ADMIN_MFA = 'true';

let identity: INestMicroservice;
let rpc: RpcClient;
let db: DataSource;

const phone = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile',
  ip: '203.0.113.9',
  deviceId: 'phone-1',
};
const laptop = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
  ip: '127.0.0.1',
  deviceId: 'laptop-1',
};

beforeAll(async () => {
  identity = await createServiceApp(identityService);
  // The emails are read from the table before they are sent (the sender is stopped).
  await identity.get(AccountMail).onApplicationShutdown();
  rpc = await connectTestRpc(testStack.prefix);
  db = identity.get(DataSource);
});

afterAll(async () => {
  await rpc.close();
  await identity.close();
  await dropIsolatedStack(testStack);
});

const login = (username: string, password: string, client = laptop) =>
  rpc.call('identity.sessions.create', { username, password, client });
const stageOf = (token: string) =>
  rpc.call('identity.sessions.resolve', { token }).then((s) => s.stage);
/** The newest email to `to`: its subject and its link's token. */
async function lastEmailTo(to: string) {
  const [row] = await db.query(
    'SELECT subject, body FROM account_emails WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  return { subject: row?.subject as string, token: /\/([A-Za-z0-9_-]{43})\b/.exec(row?.body)?.[1] };
}
const auditOf = async (userId: number) =>
  (
    await db.query(
      `SELECT action, summary FROM audit_entries WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [userId],
    )
  ).map((r: { action: string }) => r.action);

let secret = '';
let recoveryCodes: string[] = [];
const STEP_MS = 30_000;
const at = (offsetSteps: number) => new Date(Date.now() + offsetSteps * STEP_MS);

// The first two tests need the same 30 s step (the second reuses the step enrolment spent, at(-1)
// of the same now): they start with at least 15 s of a step left, so a slow machine between
// them cannot carry the second into the next step (where at(-1) is a fresh code).
beforeAll(async () => {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}, STEP_MS);

describe('staff accounts (identity)', () => {
  it('sends an admin without a second step to set one up, and counts nothing else signed in', async () => {
    const session = await login('chief', 'chief password 1');
    expect(session).toMatchObject({ stage: 'enroll', methods: [] });
    expect(await stageOf(session.token)).toBe('enroll');

    const setup = await rpc.call('identity.mfa.totp-setup', { token: session.token });
    secret = setup.secret;
    expect(setup.otpauthUrl).toContain(`secret=${secret}`);
    await expect(
      rpc.call('identity.mfa.totp-confirm', { token: session.token, code: '000000' }),
    ).rejects.toMatchObject({ status: 401 });

    const codes = await rpc.call('identity.mfa.totp-confirm', {
      token: session.token,
      code: totpCodeAt(secret, at(-1)),
    });
    recoveryCodes = codes.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    // Signed in now, under a new token: the pending one is over (ASVS 7.2.4).
    expect(await stageOf(codes.token!)).toBe('full');
    await expect(stageOf(session.token)).rejects.toMatchObject({ status: 401 });
    // Only hashes are kept.
    const stored = await db.query('SELECT code_hash FROM recovery_codes');
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0].replace(/-/g, ''));
  });

  it('asks the second step at the next sign-in and takes each code once', async () => {
    const first = await login('chief', 'chief password 1');
    expect(first).toMatchObject({ stage: 'mfa', methods: ['totp'] });
    // The step enrolment used is spent: its code is refused as reused.
    await expect(
      rpc.call('identity.mfa.verify', {
        token: first.token,
        proof: { code: totpCodeAt(secret, at(-1)) },
        client: laptop,
      }),
    ).rejects.toMatchObject({ status: 401, body: { message: ACCOUNT_MESSAGES.codeReused } });

    const code = totpCodeAt(secret, at(0));
    const done = await rpc.call('identity.mfa.verify', {
      token: first.token,
      proof: { code },
      client: laptop,
    });
    expect(done.stage).toBe('full');
    expect(done.token).not.toBe(first.token);
    expect(await stageOf(done.token)).toBe('full');
    await expect(stageOf(first.token)).rejects.toMatchObject({ status: 401 });

    const second = await login('chief', 'chief password 1');
    await expect(
      rpc.call('identity.mfa.verify', { token: second.token, proof: { code }, client: laptop }),
    ).rejects.toMatchObject({ status: 401, body: { message: ACCOUNT_MESSAGES.codeReused } });
    const wrong = String((Number(totpCodeAt(secret, at(1))) + 1) % 1_000_000).padStart(6, '0');
    await expect(
      rpc.call('identity.mfa.verify', {
        token: second.token,
        proof: { code: wrong },
        client: laptop,
      }),
    ).rejects.toMatchObject({ status: 401, body: { message: ACCOUNT_MESSAGES.codeWrong } });
    expect(await stageOf(second.token)).toBe('mfa');
  });

  it('takes a recovery code once, typed in any case and without dashes', async () => {
    const typed = recoveryCodes[3].replace(/-/g, '').toUpperCase();
    const first = await login('chief', 'chief password 1');
    const done = await rpc.call('identity.mfa.verify', {
      token: first.token,
      proof: { recoveryCode: typed },
      client: laptop,
    });
    expect(await stageOf(done.token)).toBe('full');
    const again = await login('chief', 'chief password 1');
    await expect(
      rpc.call('identity.mfa.verify', {
        token: again.token,
        proof: { recoveryCode: recoveryCodes[3] },
        client: laptop,
      }),
    ).rejects.toMatchObject({ status: 401, body: { message: ACCOUNT_MESSAGES.recoveryWrong } });
    const status = await rpc.call('identity.mfa.status', { token: done.token });
    expect(status).toMatchObject({ totp: true, recoveryCodesLeft: 9, required: true });
  });

  it('skips the second step on a device trusted for 30 days, and only there', async () => {
    const onPhone = await login('chief', 'chief password 1', phone);
    await rpc.call('identity.mfa.verify', {
      token: onPhone.token,
      proof: { code: totpCodeAt(secret, at(1)), trustDevice: true },
      client: phone,
    });
    expect((await login('chief', 'chief password 1', phone)).stage).toBe('full');
    expect((await login('chief', 'chief password 1', laptop)).stage).toBe('mfa');
    const [{ days }] = await db.query(
      `SELECT round(extract(epoch FROM trusted_until - now()) / 86400) AS days
       FROM user_devices WHERE trusted_until IS NOT NULL`,
    );
    expect(Number(days)).toBe(30);
    // A sign-in from a device the account never used is told to the account (it has no email
    // yet: nothing sent); the audit log has every step, never a code.
    await eventually(async () => (await auditOf(1)).includes('recovery code used'));
    const actions = await auditOf(1);
    expect(actions).toEqual(
      expect.arrayContaining([
        'two-step enrolled',
        'signed in',
        'sign-in failed',
        'recovery code used',
      ]),
    );
    const summaries = JSON.stringify(await db.query('SELECT summary FROM audit_entries'));
    expect(summaries).not.toContain(secret);
    expect(summaries).not.toContain(recoveryCodes[3]);
  });

  it('lists where one is signed in and ends one session, or every other one', async () => {
    const here = await login('chief', 'chief password 1', phone); // trusted: full at once
    const sessions = await rpc.call('identity.sessions.list', { token: here.token });
    const current = sessions.find((s) => s.current)!;
    expect(current).toMatchObject({
      device: 'Chrome 131 on Android',
      place: 'Network 203.0.113.x',
    });
    const other = sessions.find((s) => !s.current)!;
    await rpc.call('identity.sessions.end-one', { token: here.token, id: other.id });
    expect(
      (await rpc.call('identity.sessions.list', { token: here.token })).map((s) => s.id),
    ).not.toContain(other.id);
    await expect(
      rpc.call('identity.sessions.end-one', { token: here.token, id: other.id }),
    ).rejects.toMatchObject({ status: 404 });

    const ended = await rpc.call('identity.sessions.end-others', { token: here.token });
    expect(ended.ended).toBeGreaterThan(0);
    expect(await rpc.call('identity.sessions.list', { token: here.token })).toHaveLength(1);
    expect(await stageOf(here.token)).toBe('full');
  });

  it('invites by email: one link, used once, with a password checked for strength', async () => {
    const invitation = await rpc.call('identity.invitations.create', {
      invitation: { email: 'Tess@Example.com', name: 'Tess Tech', role: 'technician' },
      actor: TEST_ACTORS.admin,
    });
    expect(invitation).toMatchObject({ email: 'tess@example.com', role: 'technician' });
    const { subject, token } = await lastEmailTo('tess@example.com');
    expect(subject).toBe('You are invited to Cincy Battery');
    expect(token).toBeDefined();
    // Only the token's hash is stored.
    expect(JSON.stringify(await db.query('SELECT token_hash FROM account_links'))).not.toContain(
      token,
    );
    await expect(rpc.call('identity.invitations.read', { token: token! })).resolves.toMatchObject({
      name: 'Tess Tech',
    });

    await expect(
      rpc.call('identity.invitations.accept', {
        token: token!,
        username: 'tess',
        password: 'password123',
      }),
    ).rejects.toMatchObject({
      status: 400,
      body: { fieldErrors: { password: expect.stringContaining('commonly used password') } },
    });
    const user = await rpc.call('identity.invitations.accept', {
      token: token!,
      username: 'tess',
      password: 'ladder orbit velvet 42',
    });
    expect(user).toMatchObject({ username: 'tess', role: 'technician', email: 'tess@example.com' });
    await expect(
      rpc.call('identity.invitations.accept', {
        token: token!,
        username: 'tess2',
        password: 'ladder orbit velvet 42',
      }),
    ).rejects.toMatchObject({ status: 404 });
    // A technician is offered a second step, not made to have one.
    expect((await login('tess', 'ladder orbit velvet 42')).stage).toBe('full');
  });

  it('resets a forgotten password by email link and ends every session of the account', async () => {
    const before = await login('tess', 'ladder orbit velvet 42');
    const answer = await rpc.call('identity.password-reset.request', { login: 'TESS@example.com' });
    const unknown = await rpc.call('identity.password-reset.request', { login: 'nobody' });
    expect(answer).toEqual(unknown); // tells nobody which accounts exist
    const { subject, token } = await lastEmailTo('tess@example.com');
    expect(subject).toBe('Choose a new password');
    await rpc.call('identity.password-reset.complete', {
      token: token!,
      password: 'quartz meadow lantern 7',
    });
    await expect(stageOf(before.token)).rejects.toMatchObject({ status: 401 });
    await expect(login('tess', 'ladder orbit velvet 42')).rejects.toMatchObject({ status: 401 });
    expect((await login('tess', 'quartz meadow lantern 7')).stage).toBe('full');
    await expect(
      rpc.call('identity.password-reset.complete', {
        token: token!,
        password: 'another fine phrase 9',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('changes one’s own password with the current one, ending one’s other sessions', async () => {
    const here = await login('tess', 'quartz meadow lantern 7');
    const there = await login('tess', 'quartz meadow lantern 7', phone);
    const change = (currentPassword: string, password: string) =>
      rpc.call('identity.password.change', { token: here.token, currentPassword, password });
    await expect(change('not it', 'harbor willow copper 5')).rejects.toMatchObject({
      status: 401,
      body: { message: ACCOUNT_MESSAGES.currentPasswordWrong },
    });
    await expect(change('quartz meadow lantern 7', 'password123')).rejects.toMatchObject({
      status: 400,
    });
    await expect(change('quartz meadow lantern 7', 'harbor willow copper 5')).resolves.toEqual({
      message: ACCOUNT_MESSAGES.passwordChanged,
    });
    expect(await stageOf(here.token)).toBe('full');
    await expect(stageOf(there.token)).rejects.toMatchObject({ status: 401 });
    expect((await login('tess', 'harbor willow copper 5')).stage).toBe('full');
  });

  it('tells the account by email of a sign-in from a new device, once per device', async () => {
    const count = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM account_emails WHERE subject LIKE 'New sign-in%'`,
        )
      )[0].n as number;
    const before = await count();
    const tablet = { ...phone, deviceId: 'tablet-1' };
    await login('tess', 'harbor willow copper 5', tablet);
    await login('tess', 'harbor willow copper 5', tablet);
    expect(await count()).toBe(before + 1);
    // Sending drops the body (its link or device) once out: the sink here.
    await identity.get(AccountMail).sendDue();
    const [left] = await db.query(
      'SELECT count(*)::int AS n FROM account_emails WHERE body IS NOT NULL',
    );
    expect(left.n).toBe(0);
  });
});
