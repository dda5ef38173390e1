import { EventEnvelope } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { SchedulesRepository } from './schedules.repository';

/**
 * Keeps booking's copy of every technician's schedule from dispatch's events: an hour holds one
 * booking per technician on shift then. Each event carries the whole schedule and its number;
 * two may arrive in either order (booking's replicas share the consumer, dispatch's relays
 * publish side by side), so the highest number is the schedule.
 */
@Injectable()
export class SchedulesService implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly schedules: SchedulesRepository,
  ) {}

  onModuleInit() {
    this.consumers.subscribe('booking-schedules', (event, tx) => this.apply(event, tx));
  }

  async apply(
    { payload: { schedule, version } }: EventEnvelope<'dispatch.schedule.changed'>,
    { manager }: Transaction,
  ): Promise<void> {
    // An event stored before schedules had numbers is applied as it comes.
    if (version && !(await this.schedules.takeVersion(manager, schedule.technicianId, version)))
      return;
    // An empty schedule (every shift removed, or no longer a technician) counts for nothing:
    // no row, so it does not switch the grid to shifts either.
    if (!schedule.weekly.length && !schedule.exceptions.length)
      return this.schedules.delete(manager, schedule.technicianId);
    return this.schedules.save(manager, schedule);
  }
}
