import { EventEnvelope } from '@cincy/contracts';
import { EventConsumers, Transaction } from '@cincy/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { SchedulesRepository } from './schedules.repository';

/**
 * Keeps booking's copy of every technician's schedule from dispatch's events: an hour holds one
 * booking per technician on shift then. Each event carries the whole schedule, and the consumer
 * keeps stream order, so the last one is the schedule.
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
    { payload: { schedule } }: EventEnvelope<'dispatch.schedule.changed'>,
    { manager }: Transaction,
  ): Promise<void> {
    // An empty schedule (every shift removed, or no longer a technician) counts for nothing:
    // no row, so it does not switch the grid to shifts either.
    if (!schedule.weekly.length && !schedule.exceptions.length)
      return this.schedules.delete(manager, schedule.technicianId);
    return this.schedules.save(manager, schedule);
  }
}
