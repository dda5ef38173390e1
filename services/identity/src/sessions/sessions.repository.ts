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
  ['stage', 'stage'],
  ['user_agent', 'userAgent'],
  ['ip', 'ip'],
  ['device_hash', 'deviceHash'],
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

  /**
   * Closes the user's active sessions, each with its hours: all, or all but `except`, or only
   * `only`. Answers the closed sessions' token hashes (their sockets close too).
   */
  async closeAllOf(
    manager: EntityManager,
    userId: number,
    which: { except?: number; only?: number } = {},
  ): Promise<string[]> {
    const [rows] = (await manager.query(
      `UPDATE user_sessions SET is_active = false, logout_time = now(),
         total_hours = round((extract(epoch FROM now() - login_time) / 3600)::numeric, 2)
       WHERE user_id = $1 AND is_active
         AND ($2::int IS NULL OR id <> $2) AND ($3::int IS NULL OR id = $3)
       RETURNING session_token AS "tokenHash"`,
      [userId, which.except ?? null, which.only ?? null],
    )) as [{ tokenHash: string }[], number];
    return rows.map((r) => r.tokenHash);
  }

  /** The user's active, fully signed-in sessions, newest first (Where you're signed in). */
  activeOf(userId: number, take: number): Promise<UserSessionEntity[]> {
    return SESSIONS.select(
      this.dataSource.manager,
      `WHERE a.user_id = $1 AND a.is_active AND a.stage = 'full'
       ORDER BY a.last_activity DESC, a.id DESC LIMIT $2`,
      [userId, take],
    );
  }

  /** Fully signed in from now, under a new token. */
  async promote(manager: EntityManager, id: number, tokenHash: string) {
    await manager.query(
      `UPDATE user_sessions SET stage = 'full', session_token = $2, login_time = now(),
         last_activity = now() WHERE id = $1`,
      [id, tokenHash],
    );
  }
}
