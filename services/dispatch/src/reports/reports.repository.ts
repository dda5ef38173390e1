import { ReportBucket } from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BucketSums, ReportSums, TechnicianSums, WholeMonths } from './report-figures';

/** Key of the per-month advisory locks (the second key is the month number). */
const REPORT_MONTH_LOCK = 920_092;

const FIGURES = [
  'jobs_completed',
  'jobs_closed_without_service',
  'batteries_installed',
  'revenue',
  'travel_minutes_sum',
  'travel_count',
  'install_minutes_sum',
  'install_count',
  'asap_jobs',
  'asap_within_30',
  'asap_within_45',
  'asap_within_60',
].join(', ');

/** The rows' figures summed, named as ReportSums; numerics arrive as strings. */
const SUMS = `
  sum(jobs_completed)::int AS "jobsCompleted",
  sum(jobs_closed_without_service)::int AS "jobsClosedWithoutService",
  sum(batteries_installed)::int AS "batteriesInstalled",
  sum(revenue)::text AS revenue,
  sum(travel_minutes_sum)::int AS "travelMinutesSum",
  sum(travel_count)::int AS "travelCount",
  sum(install_minutes_sum)::int AS "installMinutesSum",
  sum(install_count)::int AS "installCount",
  sum(asap_jobs)::int AS "asapJobs",
  sum(asap_within_30)::int AS "asapWithin30",
  sum(asap_within_45)::int AS "asapWithin45",
  sum(asap_within_60)::int AS "asapWithin60"`;

/**
 * The range's rows ($1 from, $2 to): the monthly rows of its whole months [$3, $4) and the daily
 * rows of the rest, each dated by its first day. A two-year range reads ~24 month rows and up to
 * 62 days per technician, a week its 7 days: the answer time barely grows with the range.
 */
const RANGE_ROWS = `(
  SELECT report_month AS report_date, technician_id, technician_name, ${FIGURES}
    FROM report_months WHERE report_month >= $3 AND report_month < $4
  UNION ALL
  SELECT report_date, technician_id, technician_name, ${FIGURES}
    FROM report_days
   WHERE report_date BETWEEN $1 AND $2 AND NOT (report_date >= $3 AND report_date < $4)
) AS r`;

/** The first day of a row's bucket, with date arithmetic (cheaper than date_trunc's timestamps). */
const BUCKET_OF: Record<ReportBucket, string> = {
  day: 'report_date',
  week: 'report_date - (extract(isodow FROM report_date)::int - 1)',
  month: 'report_date - (extract(day FROM report_date)::int - 1)',
};

type Raw<T extends ReportSums> = Omit<T, 'revenue'> & { revenue: string };
const withRevenue = <T extends ReportSums>(row: Raw<T>): T =>
  ({ ...row, revenue: Number(row.revenue) }) as T;

/** Every statement on report_days: the rewrite of a closing job's day, and the report's reads. */
@Injectable()
export class ReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Rewrites the day's rows and its month's from the jobs (the migration's refresh_report_days),
   * in the caller's transaction. The lock makes two transactions closing jobs in one month take
   * turns, so the second rewrite reads the first one's committed job (a new statement, a new
   * snapshot) and neither job goes missing from the day or the month.
   */
  async refreshDay(manager: EntityManager, date: string): Promise<void> {
    await this.lockMonth(manager, date);
    await manager.query('SELECT refresh_report_days($1, $1)', [date]);
  }

  /** Held until the transaction ends; taking it again in the same transaction is free. */
  async lockMonth(manager: EntityManager, date: string): Promise<void> {
    const [year, month] = date.split('-').map(Number);
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [
      REPORT_MONTH_LOCK,
      year * 12 + month,
    ]);
  }

  /**
   * The range's sums per bucket, keyed by the bucket's first day (weeks start on Monday). Monthly
   * rows serve month buckets only: a week can straddle two months.
   */
  async byBucket(
    from: string,
    to: string,
    bucket: ReportBucket,
    months: WholeMonths,
  ): Promise<BucketSums[]> {
    const { start, end } = bucket === 'month' ? months : { start: from, end: from };
    const rows: Raw<BucketSums>[] = await this.dataSource.query(
      `SELECT to_char(${BUCKET_OF[bucket]}, 'YYYY-MM-DD') AS period, ${SUMS}
         FROM ${RANGE_ROWS} GROUP BY 1`,
      [from, to, start, end],
    );
    return rows.map(withRevenue);
  }

  /** The range's sums per technician, named as on their latest day in the range. */
  async byTechnician(from: string, to: string, months: WholeMonths): Promise<TechnicianSums[]> {
    const rows: Raw<TechnicianSums>[] = await this.dataSource.query(
      `SELECT technician_id AS "technicianId",
              (array_agg(technician_name ORDER BY report_date DESC)
                 FILTER (WHERE technician_name IS NOT NULL))[1] AS name,
              ${SUMS}
         FROM ${RANGE_ROWS} GROUP BY technician_id`,
      [from, to, months.start, months.end],
    );
    return rows.map(withRevenue);
  }
}
