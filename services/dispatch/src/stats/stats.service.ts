import { DashboardStats, ServiceRecord, businessDate } from '@cincy/contracts';
import { Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ScheduleRepository } from '../shifts';
import {
  EMPTY_DAY,
  computeStats,
  hoursByBusinessDay,
  hoursOnShiftToday,
  minutesBetween,
} from './dashboard-stats';
import { StatsRepository } from './stats.repository';

/** The lifecycle's timestamps of a job that just completed. */
export interface CompletedJob {
  id: number;
  technicianId: number | null;
  acceptedAt: Date | null;
  enRouteAt: Date | null;
  onLocationAt: Date | null;
}

/**
 * Today's counts, kept in daily_metrics as jobs complete and technicians come and go; a read adds
 * only the hours of technicians online right now, or, once shifts are in use, counts the hours
 * on shift instead.
 */
@Injectable()
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly schedules: ScheduleRepository,
  ) {}

  get(now = new Date()): Promise<DashboardStats> {
    return this.compute(this.stats.manager, now);
  }

  /**
   * Keeps what the job took: travel (en route to on location) and install time (on location to
   * completion), what was done and its price (for reports), and counts it on the day it completed.
   */
  async recordCompletion(
    manager: EntityManager,
    job: CompletedJob,
    record: Pick<ServiceRecord, 'serviceCode' | 'price'>,
    completedAt: Date,
  ) {
    const installMinutes = job.onLocationAt ? minutesBetween(job.onLocationAt, completedAt) : null;
    await this.stats.insertJobMetric(manager, {
      userId: job.technicianId,
      appointmentId: job.id,
      jobStartTime: job.acceptedAt,
      jobEndTime: completedAt,
      arrivalTime: job.onLocationAt,
      locationMarkedTime: job.onLocationAt,
      travelTime:
        job.enRouteAt && job.onLocationAt ? minutesBetween(job.enRouteAt, job.onLocationAt) : null,
      jobDuration: installMinutes,
      serviceCode: record.serviceCode,
      price: record.price,
    });
    await this.stats.addCompletion(manager, businessDate(completedAt), installMinutes);
  }

  /** An online stretch ended: its hours count towards the days it covered. */
  async addOnlineStretch(manager: EntityManager, since: Date, until: Date) {
    for (const [date, hours] of hoursByBusinessDay(since, until)) {
      await this.stats.addAvailableHours(manager, date, hours);
    }
  }

  /** Stores today's figures with the day and tells every board, in the caller's transaction. */
  async announce({ manager, emit }: Transaction, now = new Date()): Promise<void> {
    const stats = await this.compute(manager, now);
    const date = businessDate(now);
    await this.stats.saveDayFigures(manager, date, stats);
    await emit('dispatch.stats.updated', { date, stats });
  }

  private async compute(manager: EntityManager, now: Date): Promise<DashboardStats> {
    const today = businessDate(now);
    // In a transaction: one query at a time on its one connection.
    const day = await this.stats.dayTotals(manager, today);
    const online = await this.stats.onlineSince(manager);
    const schedules = await this.schedules.allFacts(manager, today);
    return computeStats(day ?? EMPTY_DAY, online, now, hoursOnShiftToday(schedules, now));
  }
}
