import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DailyTotals } from './dashboard-stats';
import { JobMetricEntity } from './job-metric.entity';

/** What one completed job took (a job_metrics row), from the lifecycle's own timestamps. */
export type JobMetric = Omit<JobMetricEntity, 'id' | 'createdAt'>;

/** Every statement on daily_metrics and job_metrics, and the online stretches the stats read. */
@Injectable()
export class StatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async insertJobMetric(manager: EntityManager, metric: JobMetric): Promise<void> {
    await manager.query(
      `INSERT INTO job_metrics
         (user_id, appointment_id, job_start_time, job_end_time, arrival_time,
          location_marked_time, travel_time, job_duration, service_code, price)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        metric.userId,
        metric.appointmentId,
        metric.jobStartTime,
        metric.jobEndTime,
        metric.arrivalTime,
        metric.locationMarkedTime,
        metric.travelTime,
        metric.jobDuration,
        metric.serviceCode,
        metric.price,
      ],
    );
  }

  /** One more job completed on `date`, timed when `installMinutes` is known. */
  async addCompletion(manager: EntityManager, date: string, installMinutes: number | null) {
    await manager.query(
      `INSERT INTO daily_metrics
         (metric_date, total_tasks_completed, total_install_time, total_install_count, last_updated)
       VALUES ($1, 1, $2, $3, now())
       ON CONFLICT (metric_date) DO UPDATE SET
         total_tasks_completed = daily_metrics.total_tasks_completed + 1,
         total_install_time = daily_metrics.total_install_time + EXCLUDED.total_install_time,
         total_install_count = daily_metrics.total_install_count + EXCLUDED.total_install_count,
         last_updated = now()`,
      [date, installMinutes ?? 0, installMinutes === null ? 0 : 1],
    );
  }

  async addAvailableHours(manager: EntityManager, date: string, hours: number) {
    await manager.query(
      `INSERT INTO daily_metrics (metric_date, total_available_hours, last_updated)
       VALUES ($1, $2, now())
       ON CONFLICT (metric_date) DO UPDATE SET
         total_available_hours = daily_metrics.total_available_hours + EXCLUDED.total_available_hours,
         last_updated = now()`,
      [date, hours],
    );
  }

  async dayTotals(manager: EntityManager, date: string): Promise<DailyTotals | null> {
    const [row]: DailyTotals[] = await manager.query(
      `SELECT total_tasks_completed AS "totalTasksCompleted",
              total_install_time AS "totalInstallTime",
              total_install_count AS "totalInstallCount",
              total_available_hours::float8 AS "totalAvailableHours"
         FROM daily_metrics WHERE metric_date = $1`,
      [date],
    );
    return row ?? null;
  }

  /** When each technician online right now came online (technicians' copy of identity's staff). */
  async onlineSince(manager: EntityManager): Promise<Date[]> {
    const rows: { online_since: Date }[] = await manager.query(
      `SELECT online_since FROM technicians
        WHERE role = 'technician' AND online_since IS NOT NULL`,
    );
    return rows.map((r) => r.online_since);
  }

  async saveDayFigures(
    manager: EntityManager,
    date: string,
    figures: { tasksPerAvailableHour: number; averageInstallTime: number },
  ): Promise<void> {
    await manager.query(
      `UPDATE daily_metrics SET tasks_per_available_hour = $2, average_install_time = $3
        WHERE metric_date = $1`,
      [date, figures.tasksPerAvailableHour, figures.averageInstallTime],
    );
  }
}
