import { randomBytes } from 'node:crypto';
import {
  Actor,
  ERROR_CODES,
  USER_MESSAGES,
  User,
  UserFacts,
  UserInput,
  UserUpdate,
} from '@cincy/contracts';
import { DomainError, InjectEnv, AppLogger, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { IDENTITY_ENV, IdentityEnv } from '../config';
import { PresenceService } from '../presence/presence.service';
import { hashPassword } from './password';
import { UserEntity } from './user.entity';

export const toUser = (u: UserEntity): User => ({
  id: u.id,
  name: u.name,
  username: u.username,
  role: u.role,
  employeeId: u.employeeId,
  status: u.status,
  zipCode: u.zipCode,
  createdAt: u.createdAt.toISOString(),
});

/** What other services keep of a user. */
export const toUserFacts = (u: UserEntity): UserFacts => ({
  id: u.id,
  username: u.username,
  name: u.name,
  role: u.role,
  employeeId: u.employeeId,
});

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly users: Repository<UserEntity>;

  constructor(
    dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly presence: PresenceService,
    private readonly logger: AppLogger,
    @InjectEnv(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** POST /api/users: a username is unique whatever its case (the index is on lower(username)). */
  async create(input: UserInput): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    return this.outbox.transaction(async (tx) => {
      const user = tx.manager.create(UserEntity, {
        username: input.username,
        name: input.name,
        role: input.role,
        employeeId: input.employeeId,
        zipCode: input.zipCode,
        passwordHash,
      });
      await insertUnique(tx, user);
      await tx.emit('identity.user.created', { user: toUserFacts(user) });
      return toUser(user);
    });
  }

  /** GET /api/users: staff is small; the list is bounded all the same. */
  async list(): Promise<User[]> {
    const users = await this.users.find({ order: { name: 'ASC', id: 'ASC' }, take: 500 });
    return users.map(toUser);
  }

  /**
   * PUT /api/users/{id}. A new password or a demotion ends the user's sessions (their sockets
   * follow within a second); the last admin cannot be demoted.
   */
  async update(id: number, input: UserUpdate): Promise<User> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return this.outbox.transaction(async (tx) => {
      await lockAdmins(tx.manager);
      const user = await lockUser(tx.manager, id);
      const demoted = user.role === 'admin' && input.role !== 'admin';
      if (demoted && (await adminCount(tx.manager)) <= 1) throw lastAdmin();
      Object.assign(user, {
        username: input.username,
        name: input.name,
        role: input.role,
        ...(input.employeeId !== undefined ? { employeeId: input.employeeId } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      await insertUnique(tx, user);
      await tx.emit('identity.user.updated', { user: toUserFacts(user) });
      if (demoted || passwordHash) await this.endSessions(tx, user.id);
      return toUser(user);
    });
  }

  /** DELETE /api/users/{id}: never one's own account, never the last admin. */
  async remove(id: number, actor: Actor): Promise<{ message: string }> {
    if (id === actor.id) {
      throw new DomainError(ERROR_CODES.forbidden, USER_MESSAGES.cannotDeleteSelf);
    }
    return this.outbox.transaction(async (tx) => {
      await lockAdmins(tx.manager);
      const user = await lockUser(tx.manager, id);
      if (user.role === 'admin' && (await adminCount(tx.manager)) <= 1) throw lastAdmin();
      await this.endSessions(tx, id);
      await tx.manager.delete(UserEntity, { id });
      await tx.emit('identity.user.deleted', { userId: id });
      return { message: USER_MESSAGES.deleted };
    });
  }

  /** Ends every session of the user and tells the gateways, which drop their sockets at once. */
  private async endSessions(tx: Transaction, userId: number): Promise<void> {
    await tx.manager.query(
      `UPDATE user_sessions SET is_active = false, logout_time = now(),
         total_hours = round((extract(epoch FROM now() - login_time) / 3600)::numeric, 2)
       WHERE user_id = $1 AND is_active`,
      [userId],
    );
    await this.presence.signedOut(tx, userId);
    await tx.emit('identity.user.sessions-ended', { userId });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.seedAdmin();
  }

  /** The first start with no users creates the admin from env, or with a password printed once. */
  async seedAdmin(): Promise<void> {
    if ((await this.users.count()) > 0) return;
    const env = this.env;
    const generated = env.SEED_ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
    const user = this.users.create({
      username: env.SEED_ADMIN_USERNAME,
      name: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(generated ?? (env.SEED_ADMIN_PASSWORD as string)),
    });
    try {
      await this.outbox.transaction(async (tx) => {
        await insertUnique(tx, user);
        await tx.emit('identity.user.created', { user: toUserFacts(user) });
      });
    } catch {
      return; // A replica starting at the same moment seeded it.
    }
    this.logger.log({ msg: 'seeded admin user', username: user.username });
    if (generated) {
      // Printed once, on purpose, outside the structured log: it is the only way to learn it.
      process.stdout.write(
        `\n  Admin account created: username "${user.username}", password "${generated}"\n` +
          '  Save it now; it is not shown again. Set SEED_ADMIN_PASSWORD to choose it yourself.\n\n',
      );
    }
  }
}

/** Saves a user; a username taken in any case is a 409. */
async function insertUnique(tx: Transaction, user: UserEntity): Promise<void> {
  try {
    await tx.manager.save(user);
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new DomainError(ERROR_CODES.conflict, USER_MESSAGES.usernameTaken, {
        username: USER_MESSAGES.usernameTaken,
      });
    }
    throw error;
  }
}

/** Changes that could leave no admin take turns. */
const lockAdmins = (manager: EntityManager) =>
  manager.query("SELECT pg_advisory_xact_lock(hashtext('identity.admins'))");

const adminCount = (manager: EntityManager) =>
  manager.count(UserEntity, { where: { role: 'admin' } });

async function lockUser(manager: EntityManager, id: number): Promise<UserEntity> {
  const user = await manager.findOne(UserEntity, {
    where: { id },
    lock: { mode: 'pessimistic_write' },
  });
  if (!user) throw new DomainError(ERROR_CODES.notFound, USER_MESSAGES.notFound);
  return user;
}

const lastAdmin = () => new DomainError(ERROR_CODES.conflict, USER_MESSAGES.lastAdmin);
