import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NewLocationRow } from './location-tracking.mapper';

/**
 * Presence's own statements: the position log, and two reads of user_sessions. Those are plain
 * SQL here rather than calls into the sessions module, because sessions depends on presence.
 * The users table's statements are the users module's (`UsersRepository`).
 */
@Injectable()
export class PresenceRepository {
  async insertLocation(manager: EntityManager, row: NewLocationRow): Promise<void> {
    await manager.query(
      `INSERT INTO location_tracking
         (user_id, session_id, latitude, longitude, accuracy, timestamp, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row.userId,
        row.sessionId,
        row.latitude,
        row.longitude,
        row.accuracy,
        row.timestamp,
        row.isActive,
      ],
    );
  }

  /** The id of the user's session with this token hash, if any. */
  async findSessionId(
    manager: EntityManager,
    userId: number,
    tokenHash: string,
  ): Promise<number | null> {
    const [session]: { id: number }[] = await manager.query(
      'SELECT id FROM user_sessions WHERE session_token = $1 AND user_id = $2',
      [tokenHash, userId],
    );
    return session?.id ?? null;
  }

  async countActiveSessions(manager: EntityManager, userId: number): Promise<number> {
    const [{ active }]: { active: number }[] = await manager.query(
      'SELECT count(*)::int AS active FROM user_sessions WHERE user_id = $1 AND is_active',
      [userId],
    );
    return active;
  }
}
