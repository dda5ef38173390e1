import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ClosedSession, NewSessionRow } from './user-session.mapper';
import { UserSessionEntity } from './user-session.entity';

/** Every statement on user_sessions but presence's two reads. Writes in a transaction take its manager. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, row: NewSessionRow): Promise<void> {
    await manager.insert(UserSessionEntity, row);
  }

  findActiveByTokenHash(tokenHash: string): Promise<UserSessionEntity | null> {
    return this.dataSource.manager.findOneBy(UserSessionEntity, {
      sessionToken: tokenHash,
      isActive: true,
    });
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.dataSource.manager.update(UserSessionEntity, id, { lastActivity: at });
  }

  async close(manager: EntityManager, id: number, closed: ClosedSession): Promise<void> {
    await manager.update(UserSessionEntity, id, closed);
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
