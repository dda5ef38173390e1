import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

/** Every statement on the users table. Writes take the outbox transaction's manager. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A username matches whatever its case (the unique index is on lower(username)). */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.dataSource.manager
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.dataSource.manager.findOneBy(UserEntity, { id });
  }

  /** By name, bounded: staff lists are small. */
  listByName(take: number): Promise<UserEntity[]> {
    return this.dataSource.manager.find(UserEntity, { order: { name: 'ASC', id: 'ASC' }, take });
  }

  count(): Promise<number> {
    return this.dataSource.manager.count(UserEntity);
  }

  /** The row, locked until the transaction ends. */
  lockById(manager: EntityManager, id: number): Promise<UserEntity | null> {
    return manager.findOne(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Online users not heard from since `since`, locked; rows another sweep holds are skipped. */
  lockOnlineSilentSince(manager: EntityManager, since: Date): Promise<UserEntity[]> {
    return manager
      .createQueryBuilder(UserEntity, 'u')
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .where("u.status = 'online' AND (u.last_seen IS NULL OR u.last_seen < :since)", { since })
      .getMany();
  }

  /** Inserts or updates the user (ids and timestamps land on `user`). */
  async save(manager: EntityManager, user: UserEntity): Promise<void> {
    await manager.save(user);
  }

  /** Like `save`, but answers 'username-taken' when the username exists in any case. */
  async saveUnique(manager: EntityManager, user: UserEntity): Promise<'saved' | 'username-taken'> {
    try {
      await manager.save(user);
      return 'saved';
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'username-taken';
      throw error;
    }
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(UserEntity, { id });
  }

  /** Changes that could leave no admin take turns. */
  async lockAdmins(manager: EntityManager): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('identity.admins'))");
  }

  countAdmins(manager: EntityManager): Promise<number> {
    return manager.count(UserEntity, { where: { role: 'admin' } });
  }
}
