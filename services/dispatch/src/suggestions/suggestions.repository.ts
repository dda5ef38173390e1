import { ACTIVE_JOB_STATUSES } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Not, IsNull } from 'typeorm';
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

  /** Every technician's job in accepted, en route or on location. */
  activeJobs(manager: EntityManager): Promise<BoardAppointmentEntity[]> {
    return manager.find(BoardAppointmentEntity, {
      where: { status: In([...ACTIVE_JOB_STATUSES]), technicianId: Not(IsNull()) },
    });
  }
}
