import { GeoPoint, UserFacts } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TechnicianEntity } from './technician.entity';

/** Every statement on dispatch's copy of the staff (`technicians`). */
@Injectable()
export class TechniciansRepository {
  async upsert(manager: EntityManager, user: Pick<UserFacts, 'id' | 'username' | 'name' | 'role'>) {
    await manager.upsert(
      TechnicianEntity,
      { userId: user.id, username: user.username, name: user.name, role: user.role },
      ['userId'],
    );
  }

  /** Starts an online stretch unless one is open; true when it started one. */
  async startOnline(manager: EntityManager, userId: number, at: Date): Promise<boolean> {
    const { affected } = await manager
      .createQueryBuilder()
      .update(TechnicianEntity)
      .set({ onlineSince: at })
      .where('user_id = :userId AND online_since IS NULL', { userId })
      .execute();
    return !!affected;
  }

  /** Every technician (role technician), by name. */
  listTechnicians(manager: EntityManager): Promise<TechnicianEntity[]> {
    return manager.find(TechnicianEntity, {
      where: { role: 'technician' },
      order: { name: 'ASC', userId: 'ASC' },
    });
  }

  findOne(manager: EntityManager, userId: number): Promise<TechnicianEntity | null> {
    return manager.findOneBy(TechnicianEntity, { userId });
  }

  /** Keeps the newest reported position: a late, older report never moves the technician back. */
  async updatePosition(manager: EntityManager, userId: number, at: GeoPoint, when: Date) {
    await manager
      .createQueryBuilder()
      .update(TechnicianEntity)
      .set({ lastLat: at.lat, lastLng: at.lng, lastPositionAt: when })
      .where('user_id = :userId AND (last_position_at IS NULL OR last_position_at <= :when)', {
        userId,
        when,
      })
      .execute();
  }

  lock(manager: EntityManager, userId: number): Promise<TechnicianEntity | null> {
    return manager.findOne(TechnicianEntity, {
      where: { userId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async endOnline(manager: EntityManager, userId: number): Promise<void> {
    await manager.update(TechnicianEntity, { userId }, { onlineSince: null });
  }

  async remove(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(TechnicianEntity, { userId });
  }
}
