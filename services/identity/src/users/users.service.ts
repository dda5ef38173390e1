import { randomBytes } from 'node:crypto';
import { ERROR_CODES, USER_MESSAGES, User, UserFacts, UserInput } from '@cincy/contracts';
import { DomainError, InjectEnv, JsonLogger, Outbox, Transaction } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { IDENTITY_ENV, IdentityEnv } from '../config';
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
    private readonly logger: JsonLogger,
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

/** Inserts a new user; a username taken in any case is a 409. */
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
