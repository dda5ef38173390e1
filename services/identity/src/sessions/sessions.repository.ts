import { TableColumns } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ClosedSession, NewSessionRow } from './user-session.mapper';
import { UserSessionEntity } from './user-session.entity';

/** `user_sessions`, read into `UserSessionEntity`s. */
const SESSIONS = new TableColumns<UserSessionEntity>('user_sessions', [
  ['id', 'id'],
  ['user_id', 'userId'],
  ['session_token', 'sessionToken'],
  ['login_time', 'loginTime'],
  ['logout_time', 'logoutTime'],
  ['last_activity', 'lastActivity'],
  ['is_active', 'isActive'],
  ['total_hours', 'totalHours'],
  ['created_at', 'createdAt'],
]);

/** Every statement on user_sessions but presence's two reads. Writes in a transaction take its manager. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, row: NewSessionRow): Promise<void> {
    await SESSIONS.insert(manager, row);
  }

  async findActiveByTokenHash(tokenHash: string): Promise<UserSessionEntity | null> {
    const [session] = await SESSIONS.select(
      this.dataSource.manager,
      'WHERE a.session_token = $1 AND a.is_active',
      [tokenHash],
    );
    return session ?? null;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.dataSource.query('UPDATE user_sessions SET last_activity = $2 WHERE id = $1', [
      id,
      at,
    ]);
  }

  async close(manager: EntityManager, id: number, closed: ClosedSession): Promise<void> {
    await manager.query(
      'UPDATE user_sessions SET is_active = $2, logout_time = $3, total_hours = $4 WHERE id = $1',
      [id, closed.isActive, closed.logoutTime, closed.totalHours],
    );
  }

  /** `close` outside a transaction (an idle session found by `resolve`). */
  closeNow(id: number, closed: ClosedSession): Promise<void> {
    return this.close(this.dataSource.manager, id, closed);
  }

  /** Closes every active session of the user, each with its hours. */
  async closeAllOf(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `UPDATE user_sessions SET is_active = false, logout_time = now(),
         total_hours = round((extract(epoch FROM now() - login_time) / 3600)::numeric, 2)
       WHERE user_id = $1 AND is_active`,
      [userId],
    );
  }
}
