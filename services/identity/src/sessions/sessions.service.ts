import { createHash, randomBytes } from 'node:crypto';
import { CurrentUser, ERROR_CODES, LoginRequest, Session } from '@cincy/contracts';
import { DomainError, InjectEnv, Outbox } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { IDENTITY_ENV, IdentityEnv } from '../config';
import { PresenceService } from '../presence/presence.service';
import { burnPasswordCheck, verifyPassword } from '../users/password';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { UserSessionEntity } from './user-session.entity';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Writing last_activity on every request is wasteful; a minute's precision is plenty for a 60 min idle limit. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export const toCurrentUser = (user: UserEntity): CurrentUser => ({
  id: user.id,
  name: user.name,
  username: user.username,
  role: user.role,
});

@Injectable()
export class SessionsService {
  private readonly sessions: Repository<UserSessionEntity>;

  constructor(
    dataSource: DataSource,
    private readonly users: UsersService,
    private readonly presence: PresenceService,
    private readonly outbox: Outbox,
    @InjectEnv(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {
    this.sessions = dataSource.getRepository(UserSessionEntity);
  }

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
      await tx.manager.insert(UserSessionEntity, {
        userId: user.id,
        sessionToken: hashToken(token),
        loginTime: now,
        lastActivity: now,
        isActive: true,
      });
      await this.presence.seen(tx, user, now);
    });
    return { token, user: toCurrentUser(user) };
  }

  /** The user behind a token, while the session is active and was used within the idle limit. */
  async resolve(token: string, now = new Date()): Promise<CurrentUser> {
    const session = await this.sessions.findOneBy({
      sessionToken: hashToken(token),
      isActive: true,
    });
    if (!session) throw expired();
    const idleMs = now.getTime() - session.lastActivity.getTime();
    if (idleMs > this.env.SESSION_IDLE_MINUTES * 60_000) {
      await this.close(session, session.lastActivity);
      throw expired();
    }
    const user = await this.users.findById(session.userId);
    if (!user) throw expired();
    if (idleMs > ACTIVITY_WRITE_INTERVAL_MS)
      await this.sessions.update(session.id, { lastActivity: now });
    return toCurrentUser(user);
  }

  async end(token: string): Promise<boolean> {
    const session = await this.sessions.findOneBy({
      sessionToken: hashToken(token),
      isActive: true,
    });
    if (!session) return false;
    await this.outbox.transaction(async (tx) => {
      await this.close(session, new Date(), tx.manager);
      await this.presence.signedOut(tx, session.userId);
    });
    return true;
  }

  private async close(
    session: UserSessionEntity,
    at: Date,
    manager: EntityManager = this.sessions.manager,
  ): Promise<void> {
    const hours = (at.getTime() - session.loginTime.getTime()) / 3_600_000;
    await manager.update(UserSessionEntity, session.id, {
      isActive: false,
      logoutTime: at,
      totalHours: hours.toFixed(2),
    });
  }
}

const expired = () =>
  new DomainError(ERROR_CODES.unauthenticated, 'Your session has ended. Please log in again.');
