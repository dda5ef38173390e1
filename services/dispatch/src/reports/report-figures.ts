import {
  Report,
  ReportBucket,
  ReportPeriod,
  TechnicianReport,
  addDays,
  bucketStart,
  reportBucket,
} from '@cincy/contracts';

/** The sums of some report_days rows (a bucket's, a technician's): what every figure comes from. */
export interface ReportSums {
  jobsCompleted: number;
  jobsClosedWithoutService: number;
  batteriesInstalled: number;
  revenue: number;
  travelMinutesSum: number;
  travelCount: number;
  installMinutesSum: number;
  installCount: number;
  asapJobs: number;
  asapWithin30: number;
  asapWithin45: number;
  asapWithin60: number;
}

export type ReportFigures = Omit<ReportPeriod, 'period'>;

export interface BucketSums extends ReportSums {
  period: string;
}

export interface TechnicianSums extends ReportSums {
  /** 0: closed while nobody had it. */
  technicianId: number;
  name: string | null;
}

/** What the report calls jobs that nobody had when they closed (technician 0 in report_days). */
export const UNASSIGNED_NAME = 'Unassigned';

export const EMPTY_SUMS: ReportSums = {
  jobsCompleted: 0,
  jobsClosedWithoutService: 0,
  batteriesInstalled: 0,
  revenue: 0,
  travelMinutesSum: 0,
  travelCount: 0,
  installMinutesSum: 0,
  installCount: 0,
  asapJobs: 0,
  asapWithin30: 0,
  asapWithin45: 0,
  asapWithin60: 0,
};

const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/** Minutes to one decimal, weighted by the timed jobs (a day with one job weighs one job). */
const average = (sum: number, count: number) =>
  count === 0 ? null : Math.round((sum / count) * 10) / 10;

export function addSums(a: ReportSums, b: ReportSums): ReportSums {
  const total = { ...a };
  for (const key of Object.keys(EMPTY_SUMS) as (keyof ReportSums)[]) total[key] += b[key];
  return total;
}

export function toFigures(s: ReportSums): ReportFigures {
  return {
    jobsCompleted: s.jobsCompleted,
    jobsClosedWithoutService: s.jobsClosedWithoutService,
    batteriesInstalled: s.batteriesInstalled,
    revenue: cents(s.revenue),
    averageTravelMinutes: average(s.travelMinutesSum, s.travelCount),
    averageInstallMinutes: average(s.installMinutesSum, s.installCount),
    sla: {
      asapJobs: s.asapJobs,
      within30: s.asapWithin30,
      within45: s.asapWithin45,
      within60: s.asapWithin60,
    },
  };
}

/**
 * The whole months inside [from, to], as [start, end): the report reads those from the monthly
 * rows and only the days of the months the range cuts into. Empty (start = end) when none.
 */
export interface WholeMonths {
  start: string;
  end: string;
}

export function wholeMonths(from: string, to: string): WholeMonths {
  const nextMonth = (date: string) => addDays(`${date.slice(0, 8)}01`, 32).slice(0, 8) + '01';
  const start = from.endsWith('-01') ? from : nextMonth(from);
  const afterTo = addDays(to, 1);
  const end = afterTo.endsWith('-01') ? afterTo : `${to.slice(0, 8)}01`;
  return start < end ? { start, end } : { start: from, end: from };
}

/** The first day of every bucket that [from, to] touches, oldest first. */
export function bucketsOf(from: string, to: string, bucket: ReportBucket): string[] {
  const starts: string[] = [];
  for (let start = bucketStart(from, bucket); start <= to;) {
    starts.push(start);
    start =
      bucket === 'day'
        ? addDays(start, 1)
        : bucket === 'week'
          ? addDays(start, 7)
          : bucketStart(addDays(start, 31), 'month');
  }
  return starts;
}

/**
 * The answer from the stored sums: every bucket of the range (missing ones as zeros), the totals
 * as the sum of the buckets (so a downloaded series adds up to the tiles), and the technicians
 * by name, the unassigned last.
 */
export function buildReport(
  from: string,
  to: string,
  buckets: readonly BucketSums[],
  technicians: readonly TechnicianSums[],
): Report {
  const bucket = reportBucket(from, to);
  const byPeriod = new Map(buckets.map((b) => [b.period, b]));
  const series = bucketsOf(from, to, bucket).map((period) => ({
    period,
    ...toFigures(byPeriod.get(period) ?? EMPTY_SUMS),
  }));
  const totals = toFigures(buckets.reduce<ReportSums>(addSums, EMPTY_SUMS));
  const rows: TechnicianReport[] = technicians.map((t) => ({
    technicianId: t.technicianId === 0 ? null : t.technicianId,
    name: t.technicianId === 0 ? UNASSIGNED_NAME : (t.name ?? `Technician ${t.technicianId}`),
    ...toFigures(t),
  }));
  rows.sort(
    (a, b) =>
      Number(a.technicianId === null) - Number(b.technicianId === null) ||
      a.name.localeCompare(b.name),
  );
  return { from, to, bucket, totals, series, technicians: rows };
}
