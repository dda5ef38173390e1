import { DayView, addDays, businessDate, businessInstant } from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { QueueRepository } from '../queue';
import { ScheduleRepository } from '../shifts';
import { TechniciansRepository } from '../technicians';
import { buildDayView, checkDayInRange } from './day-view';
import { DayRepository } from './day.repository';

/** One day of work: each technician's jobs along their shifts, and what nobody has yet. */
@Injectable()
export class DayService {
  constructor(
    private readonly days: DayRepository,
    private readonly queue: QueueRepository,
    private readonly technicians: TechniciansRepository,
    private readonly schedules: ScheduleRepository,
  ) {}

  async get(date: string, now = new Date()): Promise<DayView> {
    const refusal = checkDayInRange(date, now);
    if (refusal) throw new DomainError(refusal.code, refusal.message, { date: refusal.message });
    const manager = this.days.manager;
    const today = businessDate(now);
    const [jobs, technicians, schedules, arrivals] = await Promise.all([
      this.days.jobsOfDay(
        manager,
        date,
        businessInstant(date, 0),
        businessInstant(addDays(date, 1), 0),
        // Open requests are drawn where the queue places them: today, or a morning to come.
        date >= today,
      ),
      this.technicians.listTechnicians(manager),
      // Exceptions from the asked day on, so a past day shows the shifts it really had.
      this.schedules.allFacts(manager, date < today ? date : today),
      this.queue.arrivals(manager),
    ]);
    return buildDayView(
      date,
      now,
      technicians.map((t) => ({ id: t.userId, name: t.name })),
      schedules,
      jobs,
      arrivals,
    );
  }
}
