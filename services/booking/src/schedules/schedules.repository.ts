import { ScheduleFacts } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TechnicianScheduleEntity } from './technician-schedule.entity';

/** Every statement on booking's copy of the technicians' schedules. */
@Injectable()
export class SchedulesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every schedule, outside any transaction (the hour grid, the ASAP check). */
  all(): Promise<ScheduleFacts[]> {
    return this.allIn(this.dataSource.manager);
  }

  /** Every schedule inside the caller's transaction (holding an hour). */
  async allIn(manager: EntityManager): Promise<ScheduleFacts[]> {
    const rows = await manager.find(TechnicianScheduleEntity);
    return rows.map(({ technicianId, facts }) => ({
      technicianId,
      weekly: facts.weekly ?? [],
      exceptions: facts.exceptions ?? [],
    }));
  }

  async save(manager: EntityManager, { technicianId, weekly, exceptions }: ScheduleFacts) {
    await manager.upsert(
      TechnicianScheduleEntity,
      { technicianId, facts: { weekly: [...weekly], exceptions: [...exceptions] } },
      ['technicianId'],
    );
  }

  async delete(manager: EntityManager, technicianId: number): Promise<void> {
    await manager.delete(TechnicianScheduleEntity, { technicianId });
  }
}
