import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TechnicianEntity } from './technician.entity';
import { TechnicianRow } from './technician.mapper';

/** Every statement on booking's copy of the technicians. */
@Injectable()
export class TechniciansRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many technicians booking knows, outside any transaction (the hour grid). */
  count(): Promise<number> {
    return this.countIn(this.dataSource.manager);
  }

  /** The same count inside the caller's transaction (holding an hour). */
  async countIn(manager: EntityManager): Promise<number> {
    const [{ count }]: { count: number }[] = await manager.query(
      'SELECT count(*)::int AS count FROM technicians',
    );
    return count;
  }

  async upsert(manager: EntityManager, { userId, name, employeeId }: TechnicianRow): Promise<void> {
    await manager.query(
      `INSERT INTO technicians (user_id, name, employee_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, employee_id = EXCLUDED.employee_id`,
      [userId, name, employeeId],
    );
  }

  async deleteByUserId(manager: EntityManager, userId: number): Promise<void> {
    await manager.query('DELETE FROM technicians WHERE user_id = $1', [userId]);
  }

  async updatePresence(
    manager: EntityManager,
    userId: number,
    { status, currentLocation }: Pick<TechnicianEntity, 'status' | 'currentLocation'>,
  ): Promise<void> {
    await manager.query(
      'UPDATE technicians SET status = $2, current_location = $3 WHERE user_id = $1',
      [userId, status, currentLocation],
    );
  }
}
