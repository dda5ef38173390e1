import { DashboardStats, businessDate } from '@cincy/contracts';
import { Transaction } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { TechnicianEntity } from '../technicians/technician.entity';
import { DailyMetricEntity } from './daily-metric.entity';
import { DailyTotals, EMPTY_DAY, computeStats } from './dashboard-stats';

/**
 * Today's counts, kept in daily_metrics as jobs complete and technicians come and go; a read adds
 * only the hours of technicians online right now.
 */
@Injectable()
export class StatsService {
  constructor(private readonly dataSource: DataSource) {}

  get(now = new Date()): Promise<DashboardStats> {
    return this.compute(this.dataSource.manager, now);
  }

  /** A job completed on `date` after `installMinutes` on location (null when unknown). */
  async addCompletion(manager: EntityManager, date: string, installMinutes: number | null) {
    const timed = installMinutes === null ? 0 : 1;
    await manager.query(
      `INSERT INTO daily_metrics
         (metric_date, total_tasks_completed, total_install_time, total_install_count, last_updated)
       VALUES ($1, 1, $2, $3, now())
       ON CONFLICT (metric_date) DO UPDATE SET
         total_tasks_completed = daily_metrics.total_tasks_completed + 1,
         total_install_time = daily_metrics.total_install_time + EXCLUDED.total_install_time,
         total_install_count = daily_metrics.total_install_count + EXCLUDED.total_install_count,
         last_updated = now()`,
      [date, installMinutes ?? 0, timed],
    );
  }

  /** Online hours that ended, per business day. */
  async addAvailableHours(manager: EntityManager, hoursByDay: ReadonlyMap<string, number>) {
    for (const [date, hours] of hoursByDay) {
      await manager.query(
        `INSERT INTO daily_metrics (metric_date, total_available_hours, last_updated)
         VALUES ($1, $2, now())
         ON CONFLICT (metric_date) DO UPDATE SET
           total_available_hours = daily_metrics.total_available_hours + EXCLUDED.total_available_hours,
           last_updated = now()`,
        [date, hours],
      );
    }
  }

  /** Stores today's figures with the day and tells every board, in the caller's transaction. */
  async announce({ manager, emit }: Transaction, now = new Date()): Promise<void> {
    const stats = await this.compute(manager, now);
    const date = businessDate(now);
    await manager.update(
      DailyMetricEntity,
      { metricDate: date },
      {
        tasksPerAvailableHour: String(stats.tasksPerAvailableHour),
        averageInstallTime: stats.averageInstallTime,
      },
    );
    await emit('dispatch.stats.updated', { date, stats });
  }

  private async compute(manager: EntityManager, now: Date): Promise<DashboardStats> {
    const [row, online] = await Promise.all([
      manager.findOneBy(DailyMetricEntity, { metricDate: businessDate(now) }),
      manager.find(TechnicianEntity, {
        select: { onlineSince: true },
        where: { role: 'technician', onlineSince: Not(IsNull()) },
      }),
    ]);
    return computeStats(
      row ? toTotals(row) : EMPTY_DAY,
      online.map((t) => t.onlineSince as Date),
      now,
    );
  }
}

const toTotals = (row: DailyMetricEntity): DailyTotals => ({
  totalTasksCompleted: row.totalTasksCompleted,
  totalInstallTime: row.totalInstallTime,
  totalInstallCount: row.totalInstallCount,
  totalAvailableHours: Number(row.totalAvailableHours),
});
