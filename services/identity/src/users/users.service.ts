import { randomBytes } from 'node:crypto';
import { InjectEnv, JsonLogger } from '@cincy/platform';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { IDENTITY_ENV, IdentityEnv } from '../config';
import { hashPassword } from './password';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly users: Repository<UserEntity>;

  constructor(
    dataSource: DataSource,
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
      await this.users.insert(user);
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
