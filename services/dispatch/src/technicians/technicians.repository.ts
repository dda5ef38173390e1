import { GeoPoint, UserFacts } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TechnicianEntity } from './technician.entity';

/** A staff member's columns under `TechnicianEntity`'s field names. */
const FIELDS = `user_id AS "userId", username, name, role, online_since AS "onlineSince",
  last_lat AS "lastLat", last_lng AS "lastLng", last_position_at AS "lastPositionAt"`;

/** Every statement on dispatch's copy of the staff (`technicians`). */
@Injectable()
export class TechniciansRepository {
  async upsert(manager: EntityManager, user: Pick<UserFacts, 'id' | 'username' | 'name' | 'role'>) {
    await manager.query(
      `INSERT INTO technicians (user_id, username, name, role) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET
         username = EXCLUDED.username, name = EXCLUDED.name, role = EXCLUDED.role`,
      [user.id, user.username, user.name, user.role],
    );
  }

  /** Starts an online stretch unless one is open; true when it started one. */
  async startOnline(manager: EntityManager, userId: number, at: Date): Promise<boolean> {
    const started: unknown[] = await manager.query(
      `UPDATE technicians SET online_since = $2 WHERE user_id = $1 AND online_since IS NULL
       RETURNING user_id`,
      [userId, at],
    );
    return started.length > 0;
  }

  /** Every technician (role technician), by name. */
  listTechnicians(manager: EntityManager): Promise<TechnicianEntity[]> {
    return manager.query(
      `SELECT ${FIELDS} FROM technicians WHERE role = 'technician' ORDER BY name, user_id`,
    );
  }

  async findOne(manager: EntityManager, userId: number): Promise<TechnicianEntity | null> {
    const [technician]: TechnicianEntity[] = await manager.query(
      `SELECT ${FIELDS} FROM technicians WHERE user_id = $1`,
      [userId],
    );
    return technician ?? null;
  }

  /** Keeps the newest reported position: a late, older report never moves the technician back. */
  async updatePosition(manager: EntityManager, userId: number, at: GeoPoint, when: Date) {
    await manager.query(
      `UPDATE technicians SET last_lat = $2, last_lng = $3, last_position_at = $4
        WHERE user_id = $1 AND (last_position_at IS NULL OR last_position_at <= $4)`,
      [userId, at.lat, at.lng, when],
    );
  }

  async lock(manager: EntityManager, userId: number): Promise<TechnicianEntity | null> {
    const [technician]: TechnicianEntity[] = await manager.query(
      `SELECT ${FIELDS} FROM technicians WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return technician ?? null;
  }

  async endOnline(manager: EntityManager, userId: number): Promise<void> {
    await manager.query('UPDATE technicians SET online_since = NULL WHERE user_id = $1', [userId]);
  }

  async remove(manager: EntityManager, userId: number): Promise<void> {
    await manager.query('DELETE FROM technicians WHERE user_id = $1', [userId]);
  }
}
