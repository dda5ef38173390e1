import { ScheduleFacts } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ScheduleFactsColumn } from './technician-schedule.entity';

interface ScheduleRow {
  technician_id: number;
  facts: Partial<ScheduleFactsColumn>;
}

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
    const rows: ScheduleRow[] = await manager.query(
      'SELECT technician_id, facts FROM technician_schedules',
    );
    return rows.map(({ technician_id, facts }) => ({
      technicianId: technician_id,
      weekly: facts.weekly ?? [],
      exceptions: facts.exceptions ?? [],
    }));
  }

  async save(manager: EntityManager, { technicianId, weekly, exceptions }: ScheduleFacts) {
    const facts: ScheduleFactsColumn = { weekly: [...weekly], exceptions: [...exceptions] };
    await manager.query(
      `INSERT INTO technician_schedules (technician_id, facts, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (technician_id) DO UPDATE SET facts = EXCLUDED.facts, updated_at = now()`,
      [technicianId, JSON.stringify(facts)],
    );
  }

  /**
   * Takes `version` as the technician's schedule's when it is newer than the last applied (the
   * row's lock makes two of them take turns); false: an older one, which must change nothing.
   */
  async takeVersion(
    manager: EntityManager,
    technicianId: number,
    version: number,
  ): Promise<boolean> {
    const taken: unknown[] = await manager.query(
      `INSERT INTO schedule_versions (technician_id, version) VALUES ($1, $2)
       ON CONFLICT (technician_id) DO UPDATE SET version = EXCLUDED.version
       WHERE schedule_versions.version < EXCLUDED.version
       RETURNING technician_id`,
      [technicianId, version],
    );
    return taken.length > 0;
  }

  async delete(manager: EntityManager, technicianId: number): Promise<void> {
    await manager.query('DELETE FROM technician_schedules WHERE technician_id = $1', [
      technicianId,
    ]);
  }
}
