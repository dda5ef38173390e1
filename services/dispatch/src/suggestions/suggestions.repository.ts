import { ACTIVE_JOB_STATUSES } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BoardAppointmentEntity, boardRows } from '../board';

/** What the suggestions read of the jobs (`board_appointments`). */
@Injectable()
export class SuggestionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async job(manager: EntityManager, id: number): Promise<BoardAppointmentEntity | null> {
    const [job] = await boardRows(manager, 'WHERE a.id = $1', [id]);
    return job ?? null;
  }

  /**
   * What keeps technicians for a job on `day`: every job in accepted, en route or on location (one
   * each at most), and the jobs assigned to them that day. Bounded by the team and one day's visits;
   * each part is read by a partial index of open jobs (active by technician, open by request).
   */
  technicianJobs(manager: EntityManager, day: string): Promise<BoardAppointmentEntity[]> {
    return boardRows(
      manager,
      `WHERE (a.status = ANY($1) AND a.technician_id IS NOT NULL)
          OR (a.status = 'assigned' AND a.scheduled_date = $2 AND a.closed_at IS NULL)`,
      [[...ACTIVE_JOB_STATUSES], day],
    );
  }
}
