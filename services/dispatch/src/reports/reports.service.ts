import { Report, ReportQuery, businessDate, reportBucket } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { buildReport, wholeMonths } from './report-figures';
import { ReportsRepository } from './reports.repository';

/** A job that just closed: completed, declined or cancelled. */
export interface ClosedJob {
  completedAt: Date | null;
  closedAt: Date | null;
}

/**
 * Reports (docs/adr/0092-audit-log-and-reports.md): each closing job rewrites its day's stored
 * rows in the transaction that closes it; a report reads only the rows of its range.
 */
@Injectable()
export class ReportsService {
  constructor(private readonly reports: ReportsRepository) {}

  /**
   * Before a completion writes anything: its month's lock, taken first so that it always comes
   * before the day's daily_metrics row (a completion counted on one day announces today's
   * figures: with the lock in between, two such completions could each wait for the other).
   */
  async closing(manager: EntityManager, closedAt: Date): Promise<void> {
    await this.reports.lockMonth(manager, businessDate(closedAt));
  }

  /** Call after the job's row (and, when completed, its job_metrics row) is written. */
  async jobClosed(manager: EntityManager, job: ClosedJob): Promise<void> {
    const closed = job.completedAt ?? job.closedAt;
    if (closed) await this.reports.refreshDay(manager, businessDate(closed));
  }

  async summary({ from, to }: ReportQuery): Promise<Report> {
    const months = wholeMonths(from, to);
    const [buckets, technicians] = await Promise.all([
      this.reports.byBucket(from, to, reportBucket(from, to), months),
      this.reports.byTechnician(from, to, months),
    ]);
    return buildReport(from, to, buckets, technicians);
  }
}
