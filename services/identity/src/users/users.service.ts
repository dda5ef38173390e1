import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  Actor,
  ERROR_CODES,
  USER_MESSAGES,
  User,
  UserInput,
  UserUpdate,
} from '@cincy/contracts';
import { passwordWeakness } from '../credentials';
import { DomainError, InjectEnv, AppLogger, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { IDENTITY_ENV, IdentityEnv } from '../config';
import { hashPassword } from './password';
import { UserEntity } from './user.entity';
import { toNewUserEntity, toUser, toUserFacts } from './user.mapper';
import { UserSignOut } from './user-sign-out';
import { UsersRepository } from './users.repository';

/** GET /api/users: staff is small; the list is bounded all the same. */
const MAX_LISTED = 500;

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
    private readonly signOut: UserSignOut,
    private readonly logger: AppLogger,
    @InjectEnv(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  /** POST /api/users: a username is unique whatever its case (the index is on lower(username)). */
  async create(input: UserInput): Promise<User> {
    checkStrength(input.password, [input.username, input.name, input.email ?? '']);
    const passwordHash = await hashPassword(input.password);
    return this.outbox.transaction(async (tx) => {
      const user = toNewUserEntity(input, passwordHash);
      await this.saveUnique(tx.manager, user);
      await tx.emit('identity.user.created', { user: toUserFacts(user) });
      return toUser(user);
    });
  }

  async list(): Promise<User[]> {
    return (await this.users.listByName(MAX_LISTED)).map(toUser);
  }

  /**
   * PUT /api/users/{id}. A new password or a demotion ends the user's sessions (their sockets
   * follow within a second); the last admin cannot be demoted.
   */
  async update(id: number, input: UserUpdate): Promise<User> {
    if (input.password) checkStrength(input.password, [input.username, input.name]);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    return this.outbox.transaction(async (tx) => {
      await this.users.lockAdmins(tx.manager);
      const user = await this.lockUser(tx.manager, id);
      const demoted = user.role === 'admin' && input.role !== 'admin';
      if (demoted && (await this.users.countAdmins(tx.manager)) <= 1) throw lastAdmin();
      Object.assign(user, {
        username: input.username,
        name: input.name,
        role: input.role,
        ...(input.employeeId !== undefined ? { employeeId: input.employeeId } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      await this.saveUnique(tx.manager, user);
      await tx.emit('identity.user.updated', {
        user: toUserFacts(user),
        passwordChanged: passwordHash !== undefined,
      });
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
      await this.users.lockAdmins(tx.manager);
      const user = await this.lockUser(tx.manager, id);
      if (user.role === 'admin' && (await this.users.countAdmins(tx.manager)) <= 1) {
        throw lastAdmin();
      }
      await this.endSessions(tx, id);
      await this.users.delete(tx.manager, id);
      await tx.emit('identity.user.deleted', { userId: id });
      return { message: USER_MESSAGES.deleted };
    });
  }

  /** Ends every session of the user and tells the gateways, which drop their sockets at once. */
  private async endSessions(tx: Transaction, userId: number): Promise<void> {
    await this.signOut.signOutEverywhere(tx, userId);
  }

  onApplicationBootstrap(): Promise<void> {
    return this.seedAdmin();
  }

  /** The first start with no users creates the admin from env, or with a password printed once. */
  async seedAdmin(): Promise<void> {
    if ((await this.users.count()) > 0) return;
    const env = this.env;
    const generated = env.SEED_ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
    const user = toNewUserEntity(
      { username: env.SEED_ADMIN_USERNAME, name: 'Administrator', role: 'admin' },
      await hashPassword(generated ?? (env.SEED_ADMIN_PASSWORD as string)),
    );
    try {
      await this.outbox.transaction(async (tx) => {
        await this.saveUnique(tx.manager, user);
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

  /** Saves a user; a username or an email taken in any case is a 409. */
  async saveUnique(manager: EntityManager, user: UserEntity): Promise<void> {
    const saved = await this.users.saveUnique(manager, user);
    if (saved === 'username-taken') {
      throw new DomainError(ERROR_CODES.conflict, USER_MESSAGES.usernameTaken, {
        username: USER_MESSAGES.usernameTaken,
      });
    }
    if (saved === 'email-taken') {
      throw new DomainError(ERROR_CODES.conflict, ACCOUNT_MESSAGES.emailTaken, {
        email: ACCOUNT_MESSAGES.emailTaken,
      });
    }
  }

  private async lockUser(manager: EntityManager, id: number): Promise<UserEntity> {
    const user = await this.users.lockById(manager, id);
    if (!user) throw new DomainError(ERROR_CODES.notFound, USER_MESSAGES.notFound);
    return user;
  }
}

/** A new password too easy to guess is refused with what would be accepted (400 on `password`). */
export function checkStrength(password: string, personal: string[]): void {
  const weakness = passwordWeakness(password, personal);
  if (weakness) throw new DomainError(ERROR_CODES.validation, weakness, { password: weakness });
}

const lastAdmin = () => new DomainError(ERROR_CODES.conflict, USER_MESSAGES.lastAdmin);
