import { createHash, randomBytes } from 'node:crypto';
import { CurrentUser, ERROR_CODES, LoginRequest, Session } from '@cincy/contracts';
import {
  DomainError,
  InjectEnv,
  Outbox,
  PLATFORM_ENV,
  PlatformEnv,
  Transaction,
} from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { PresenceService } from '../presence';
import {
  UserSignOut,
  UsersRepository,
  burnPasswordCheck,
  toCurrentUser,
  verifyPassword,
} from '../users';
import { SessionsRepository } from './sessions.repository';
import { toClosedSession, toNewSessionRow, toSession } from './user-session.mapper';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Writing last_activity on every request is wasteful; a minute's precision is plenty for a 60 min idle limit. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

@Injectable()
export class SessionsService implements UserSignOut {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly presence: PresenceService,
    private readonly outbox: Outbox,
    @InjectEnv(PLATFORM_ENV) private readonly env: PlatformEnv,
  ) {}

  async login({ username, password }: LoginRequest): Promise<Session> {
    const user = await this.users.findByUsername(username);
    const valid = user
      ? await verifyPassword(user.passwordHash, password)
      : await burnPasswordCheck(password);
    if (!user || !valid)
      throw new DomainError(ERROR_CODES.invalidCredentials, 'Invalid username or password.');
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.outbox.transaction(async (tx) => {
      await this.sessions.insert(tx.manager, toNewSessionRow(user.id, hashToken(token), now));
      await this.presence.seen(tx, user, now);
    });
    return toSession(token, user);
  }

  /** The user behind a token, while the session is active and was used within the idle limit. */
  async resolve(token: string, now = new Date()): Promise<CurrentUser> {
    const session = await this.sessions.findActiveByTokenHash(hashToken(token));
    if (!session) throw expired();
    const idleMs = now.getTime() - session.lastActivity.getTime();
    if (idleMs > this.env.SESSION_IDLE_MINUTES * 60_000) {
      await this.sessions.closeNow(session.id, toClosedSession(session, session.lastActivity));
      throw expired();
    }
    const user = await this.users.findById(session.userId);
    if (!user) throw expired();
    if (idleMs > ACTIVITY_WRITE_INTERVAL_MS) await this.sessions.touch(session.id, now);
    return toCurrentUser(user);
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

  /** A new password, a demotion or a deleted account: every session ends, the user goes offline. */
  async signOutEverywhere(tx: Transaction, userId: number): Promise<void> {
    await this.sessions.closeAllOf(tx.manager, userId);
    await this.presence.signedOut(tx, userId);
  }
}

const expired = () =>
  new DomainError(ERROR_CODES.unauthenticated, 'Your session has ended. Please log in again.');
