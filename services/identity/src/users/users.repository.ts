import { TableColumns } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

const UNIQUE_VIOLATION = '23505';

/** `users`, read into `UserEntity`s. */
const USERS = new TableColumns<UserEntity>('users', [
  ['id', 'id'],
  ['username', 'username'],
  ['password_hash', 'passwordHash'],
  ['role', 'role'],
  ['name', 'name'],
  ['employee_id', 'employeeId'],
  ['status', 'status'],
  ['current_location', 'currentLocation'],
  ['last_seen', 'lastSeen'],
  ['location_updated_at', 'locationUpdatedAt'],
  ['zip_code', 'zipCode'],
  ['email', 'email'],
  ['totp_secret', 'totpSecret'],
  ['totp_enabled_at', 'totpEnabledAt'],
  ['totp_last_step', 'totpLastStep'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
]);

/** Every statement on the users table. Writes take the outbox transaction's manager. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A username matches whatever its case (the unique index is on lower(username)). */
  async findByUsername(username: string): Promise<UserEntity | null> {
    const [user] = await USERS.select(
      this.dataSource.manager,
      'WHERE lower(a.username) = lower($1)',
      [username],
    );
    return user ?? null;
  }

  async findById(id: number): Promise<UserEntity | null> {
    const [user] = await USERS.select(this.dataSource.manager, 'WHERE a.id = $1', [id]);
    return user ?? null;
  }

  /** By name, bounded: staff lists are small. */
  listByName(take: number): Promise<UserEntity[]> {
    return USERS.select(this.dataSource.manager, 'ORDER BY a.name, a.id LIMIT $1', [take]);
  }

  async count(): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS count FROM users',
    );
    return count;
  }

  /** The row, locked until the transaction ends. */
  async lockById(manager: EntityManager, id: number): Promise<UserEntity | null> {
    const [user] = await USERS.select(manager, 'WHERE a.id = $1 FOR UPDATE', [id]);
    return user ?? null;
  }

  /** Online users not heard from since `since`, locked; rows another sweep holds are skipped. */
  lockOnlineSilentSince(manager: EntityManager, since: Date): Promise<UserEntity[]> {
    return USERS.select(
      manager,
      `WHERE a.status = 'online' AND (a.last_seen IS NULL OR a.last_seen < $1)
       FOR UPDATE SKIP LOCKED`,
      [since],
    );
  }

  /** Inserts a new user or updates a known one (its id and timestamps land on `user`). */
  async save(manager: EntityManager, user: UserEntity): Promise<void> {
    const stored =
      user.id === undefined
        ? await USERS.insert(manager, user)
        : await USERS.update(manager, { ...user, updatedAt: new Date() }, ['id', 'id']);
    Object.assign(user, stored);
  }

  /** Like `save`, but answers which unique thing (username or email, in any case) was taken. */
  async saveUnique(
    manager: EntityManager,
    user: UserEntity,
  ): Promise<'saved' | 'username-taken' | 'email-taken'> {
    try {
      await this.save(manager, user);
      return 'saved';
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code !== UNIQUE_VIOLATION) throw error;
      return constraint === 'users_email_key' ? 'email-taken' : 'username-taken';
    }
  }

  /** The authenticator app's secret, when it took effect and its last accepted time step. */
  async setTotp(
    id: number,
    totp: { secret: string | null; enabledAt: Date | null; lastStep: number | null },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE users SET totp_secret = $2, totp_enabled_at = $3, totp_last_step = $4,
         updated_at = now() WHERE id = $1`,
      [id, totp.secret, totp.enabledAt, totp.lastStep],
    );
  }

  async setPassword(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      id,
      passwordHash,
    ]);
  }

  async findByEmail(email: string): Promise<UserEntity | null> {
    const [user] = await USERS.select(this.dataSource.manager, 'WHERE lower(a.email) = lower($1)', [
      email,
    ]);
    return user ?? null;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query('DELETE FROM users WHERE id = $1', [id]);
  }

  /** Changes that could leave no admin take turns. */
  async lockAdmins(manager: EntityManager): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('identity.admins'))");
  }

  async countAdmins(manager: EntityManager): Promise<number> {
    const [{ count }]: { count: number }[] = await manager.query(
      "SELECT count(*)::int AS count FROM users WHERE role = 'admin'",
    );
    return count;
  }
}
