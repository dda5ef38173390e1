import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  AccountAction,
  AccountSession,
  Actor,
  ERROR_CODES,
  LoginRequest,
  MfaMethod,
  Session,
  SessionStage,
  SessionUser,
  SignInClient,
  USER_MESSAGES,
} from '@cincy/contracts';
import {
  DomainError,
  InjectEnv,
  Outbox,
  PLATFORM_ENV,
  PlatformEnv,
  Transaction,
  currentActorId,
  setCurrentActor,
} from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_EMAILS,
  AccountMail,
  AccountsRepository,
  describeDevice,
  describePlace,
} from '../credentials';
import { IDENTITY_ENV, IdentityEnv } from '../config';
import { PresenceService } from '../presence';
import {
  UserEntity,
  UserSignOut,
  UsersRepository,
  burnPasswordCheck,
  toCurrentUser,
  verifyPassword,
} from '../users';
import { SessionsRepository } from './sessions.repository';
import { UserSessionEntity } from './user-session.entity';
import {
  toAccountSession,
  toClosedSession,
  toNewSessionRow,
  toSession,
} from './user-session.mapper';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Writing last_activity on every request is wasteful; a minute's precision is plenty for a 60 min idle limit. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** A session and its user, once the token is known to be live. */
export interface LiveSession {
  session: UserSessionEntity;
  user: UserEntity;
}

@Injectable()
export class SessionsService implements UserSignOut {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly accounts: AccountsRepository,
    private readonly presence: PresenceService,
    private readonly mail: AccountMail,
    private readonly outbox: Outbox,
    @InjectEnv(PLATFORM_ENV) private readonly env: PlatformEnv,
    @InjectEnv(IDENTITY_ENV) private readonly identityEnv: IdentityEnv,
  ) {}

  /**
   * The password checked: a session fully signed in, or one that may only finish signing in
   * (the second step, or its setup for an admin who must have one). A trusted device skips
   * the second step. A wrong password of a real account is recorded (never the password).
   */
  async login({ username, password, client }: LoginRequest & { client: SignInClient }) {
    const user = await this.users.findByUsername(username);
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!user || !valid) {
      if (user) await this.record(user.id, 'sign-in failed', `${where(client)}: wrong password`);
      throw new DomainError(ERROR_CODES.invalidCredentials, 'Invalid username or password.');
    }
    const methods = await this.methodsOf(user);
    const deviceHash = hashToken(client.deviceId);
    const stage: SessionStage = !methods.length
      ? this.secondStepRequired(user)
        ? 'enroll'
        : 'full'
      : (await this.accounts.isTrusted(user.id, deviceHash, new Date()))
        ? 'full'
        : 'mfa';
    return this.open(user, client, stage, stage === 'full' ? 'password' : null, methods);
  }

  /** A new session of `user` (a passkey signs in this way too, fully). */
  async open(
    user: UserEntity,
    client: SignInClient,
    stage: SessionStage,
    method: string | null,
    methods: MfaMethod[] = [],
  ): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const deviceHash = hashToken(client.deviceId);
    await this.outbox.transaction(async (tx) => {
      await this.sessions.insert(
        tx.manager,
        toNewSessionRow(user.id, hashToken(token), now, { stage, client, deviceHash }),
      );
      if (stage === 'full' && method) await this.signedIn(tx, user, client, method);
    });
    return toSession(token, user, stage, stage === 'mfa' ? methods : []);
  }

  /**
   * A pending session passed its second step (or set one up): now fully signed in, under a new
   * token (the pending one ends: ASVS 7.2.4). Answers the new token for the cookie.
   */
  async promote(
    tx: Transaction,
    { session, user }: LiveSession,
    client: SignInClient,
    method: string,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.sessions.promote(tx.manager, session.id, hashToken(token));
    await this.signedIn(tx, user, client, method);
    return token;
  }

  /**
   * What every full sign-in does: the user is online, the audit log says how and from where,
   * and a device the account never used before is told to the account by email.
   */
  private async signedIn(tx: Transaction, user: UserEntity, client: SignInClient, how: string) {
    const now = new Date();
    // Read again, locked: presence saves the whole row, and this transaction may have just
    // changed it (the authenticator's last step).
    await this.presence.seen(tx, (await this.users.lockById(tx.manager, user.id)) ?? user, now);
    const deviceHash = hashToken(client.deviceId);
    const isNew = await this.accounts.seeDevice(tx.manager, user.id, deviceHash);
    const device = describeDevice(client.userAgent);
    const place = describePlace(client.ip);
    if (isNew && user.email && (await this.accounts.countDevices(tx.manager, user.id)) > 1) {
      const at = now.toLocaleString('en-US', { timeZone: 'America/New_York' });
      await this.mail.queue(tx.manager, user.email, ACCOUNT_EMAILS.newDevice(device, place, at));
    }
    await this.emitSecurity(tx, user.id, 'signed in', `${device}, ${place} (${how})`);
  }

  /** Admins must have a second step (REQUIRE_ADMIN_MFA); technicians are offered one. */
  secondStepRequired(user: UserEntity): boolean {
    return user.role === 'admin' && this.identityEnv.REQUIRE_ADMIN_MFA;
  }

  /** The second steps the account has. */
  async methodsOf(user: UserEntity): Promise<MfaMethod[]> {
    const passkeys = await this.accounts.passkeysOf(user.id);
    return [
      ...(user.totpEnabledAt ? ['totp' as const] : []),
      ...(passkeys.length ? ['passkey' as const] : []),
    ];
  }

  /**
   * The session behind a token and its user: active, used within the idle limit, and younger
   * than its stage's limit (12 hours signed in; 10 minutes waiting for the second step).
   */
  async live(token: string, now = new Date()): Promise<LiveSession> {
    const session = await this.sessions.findActiveByTokenHash(hashToken(token));
    if (!session) throw expired();
    const idleMs = now.getTime() - session.lastActivity.getTime();
    const ageMs = now.getTime() - session.loginTime.getTime();
    const maxAgeMs =
      session.stage === 'full'
        ? ACCOUNT_LIMITS.sessionMaxHours * 3_600_000
        : ACCOUNT_LIMITS.pendingSignInMinutes * 60_000;
    if (idleMs > this.env.SESSION_IDLE_MINUTES * 60_000 || ageMs > maxAgeMs) {
      await this.sessions.closeNow(session.id, toClosedSession(session, session.lastActivity));
      throw expired();
    }
    const user = await this.users.findById(session.userId);
    if (!user) throw expired();
    if (idleMs > ACTIVITY_WRITE_INTERVAL_MS) await this.sessions.touch(session.id, now);
    return { session, user };
  }

  /** The user behind a token, with the session's stage (the gateway's guard reads it). */
  async resolve(token: string, now = new Date()): Promise<SessionUser> {
    const { session, user } = await this.live(token, now);
    return { ...toCurrentUser(user), sessionId: session.id, stage: session.stage };
  }

  async end(token: string): Promise<boolean> {
    const session = await this.sessions.findActiveByTokenHash(hashToken(token));
    if (!session) return false;
    await this.outbox.transaction(async (tx) => {
      await this.sessions.close(tx.manager, session.id, toClosedSession(session, new Date()));
      await this.presence.signedOut(tx, session.userId);
    });
    return true;
  }

  /** Where you're signed in: the token's own sessions, this one marked. */
  async list(token: string): Promise<AccountSession[]> {
    const { session } = await this.live(token);
    const rows = await this.sessions.activeOf(session.userId, ACCOUNT_LIMITS.sessionsListed);
    return rows.map((row) => toAccountSession(row, session.id));
  }

  /** Signs out one of one's own sessions (this one too, if asked). */
  async endOne(token: string, id: number): Promise<{ digest: string }> {
    const { session, user } = await this.live(token);
    return this.outbox.transaction(async (tx) => {
      const [digest] = await this.sessions.closeAllOf(tx.manager, user.id, { only: id });
      if (!digest) throw new DomainError(ERROR_CODES.notFound, 'Session not found');
      await tx.emit('identity.user.sessions-ended', { userId: user.id, digests: [digest] });
      await this.emitSecurity(
        tx,
        user.id,
        'session ended',
        id === session.id ? 'this session' : `session ${id}`,
      );
      return { digest };
    });
  }

  /** Sign out everywhere else: every session of the user but this one. */
  async endOthers(token: string): Promise<{ ended: number }> {
    const { session, user } = await this.live(token);
    return this.outbox.transaction(async (tx) => {
      const ended = await this.endAllBut(tx, user.id, session.id);
      if (ended)
        await this.emitSecurity(
          tx,
          user.id,
          'sessions ended',
          `${ended} other session(s), by the user`,
        );
      return { ended };
    });
  }

  /** Ends every session of the user but one (their sockets close at once); answers how many. */
  async endAllBut(tx: Transaction, userId: number, keep: number): Promise<number> {
    const digests = await this.sessions.closeAllOf(tx.manager, userId, { except: keep });
    if (digests.length) await tx.emit('identity.user.sessions-ended', { userId, digests });
    return digests.length;
  }

  /** An admin ends every session of another user (their sockets close at once). */
  async endOfUser(userId: number, actor: Actor): Promise<{ ended: number }> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ERROR_CODES.notFound, USER_MESSAGES.notFound);
    return this.outbox.transaction(async (tx) => {
      const digests = await this.signOutEverywhere(tx, userId);
      await this.emitSecurity(tx, userId, 'sessions ended', `every session, by ${actor.name}`);
      return { ended: digests.length };
    });
  }

  /** A new password, a demotion or a deleted account: every session ends, the user goes offline. */
  async signOutEverywhere(tx: Transaction, userId: number): Promise<string[]> {
    const digests = await this.sessions.closeAllOf(tx.manager, userId);
    await this.presence.signedOut(tx, userId);
    await tx.emit('identity.user.sessions-ended', { userId });
    return digests;
  }

  emitSecurity(tx: Transaction, userId: number, action: AccountAction, detail: string) {
    // Signing in, with a code or a link, is the account's own doing: recorded under its name
    // (a failed try or a reset asked for is nobody's yet).
    if (currentActorId() === null && !ANYONES.includes(action)) setCurrentActor(userId);
    return tx.emit('identity.user.security', { userId, action, detail: detail.slice(0, 300) });
  }

  /** An audit record on its own (a failed sign-in changes nothing else). */
  async record(userId: number, action: AccountAction, detail: string): Promise<void> {
    await this.outbox.transaction(async (tx) => {
      await this.emitSecurity(tx, userId, action, detail);
    });
  }
}

/** Steps anyone may take in an account's name: recorded as nobody's. */
const ANYONES: readonly AccountAction[] = ['sign-in failed', 'password reset requested'];

export const where = (client: SignInClient) =>
  `${describeDevice(client.userAgent)}, ${describePlace(client.ip)}`;

const expired = () =>
  new DomainError(ERROR_CODES.unauthenticated, 'Your session has ended. Please log in again.');
