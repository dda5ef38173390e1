import { UserFacts } from '@cincy/contracts';
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
