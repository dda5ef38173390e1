import {
  ERROR_CODES,
  TRACKING_MESSAGES,
  TrackingFacts,
  isChangeableByCustomer,
} from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BoardAppointmentEntity } from '../board';
import { trackingFacts } from './tracking-facts';
import { TrackingRepository } from './tracking.repository';

/** One visit as its customer's tracking page shows it (the gateway resolved their token to the id). */
@Injectable()
export class TrackingService {
  constructor(private readonly tracking: TrackingRepository) {}

  async view(id: number): Promise<TrackingFacts> {
    const manager = this.tracking.manager;
    const job = await this.tracking.job(manager, id);
    if (!job) throw new DomainError(ERROR_CODES.notFound, TRACKING_MESSAGES.notFound);
    return this.factsOf(manager, job);
  }

  /**
   * The facts of a job as read through `manager` (a caller's transaction sees its own change).
   * The position is read only while on the way and the queue only while waiting: nothing else
   * shows them.
   */
  async factsOf(manager: EntityManager, job: BoardAppointmentEntity): Promise<TrackingFacts> {
    const position =
      job.status === 'en_route' && job.technicianId !== null
        ? await this.tracking.lastPosition(manager, job.technicianId)
        : null;
    const queue = isChangeableByCustomer(job.status)
      ? await this.tracking.queuePlace(manager, job.id)
      : null;
    // What was recorded at the door is the customer's to see once the visit is done.
    const doorRecords =
      job.status === 'completed'
        ? {
            oldBatteryTest: await this.tracking.oldBatteryTest(manager, job.id),
            photos: await this.tracking.photos(manager, job.id),
          }
        : undefined;
    return trackingFacts(job, position, queue, doorRecords);
  }
}
