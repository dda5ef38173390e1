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
  countIn(manager: EntityManager): Promise<number> {
    return manager.count(TechnicianEntity);
  }

  async upsert(manager: EntityManager, row: TechnicianRow): Promise<void> {
    await manager.upsert(TechnicianEntity, row, ['userId']);
  }

  async deleteByUserId(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(TechnicianEntity, { userId });
  }

  async updatePresence(
    manager: EntityManager,
    userId: number,
    presence: Pick<TechnicianEntity, 'status' | 'currentLocation'>,
  ): Promise<void> {
    await manager.update(TechnicianEntity, { userId }, presence);
  }
}
