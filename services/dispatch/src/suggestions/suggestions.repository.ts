import { ACTIVE_JOB_STATUSES } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { BoardAppointmentEntity } from '../board';

/** What the suggestions read of the jobs (`board_appointments`). */
@Injectable()
export class SuggestionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  job(manager: EntityManager, id: number): Promise<BoardAppointmentEntity | null> {
    return manager.findOneBy(BoardAppointmentEntity, { id });
  }

  /**
   * What keeps technicians for a job on `day`: every job in accepted, en route or on location (one
   * each at most), and the jobs assigned to them that day. Bounded by the team and one day's visits;
   * each part is read by a partial index of open jobs (active by technician, open by request).
   */
  technicianJobs(manager: EntityManager, day: string): Promise<BoardAppointmentEntity[]> {
    return manager.find(BoardAppointmentEntity, {
      where: [
        { status: In([...ACTIVE_JOB_STATUSES]), technicianId: Not(IsNull()) },
        { status: 'assigned', scheduledDate: day, closedAt: IsNull() },
      ],
    });
  }
}
