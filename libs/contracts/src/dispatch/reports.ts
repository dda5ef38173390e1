import { z } from 'zod';
import { DATE_PATTERN } from '../booking/api';
import { addDays } from '../time';

/**
 * Reports (docs/adr/0092-audit-log-and-reports.md): figures read from stored daily rows
 * (dispatch's report_days, one per business day and technician, written when a job closes), so a
 * two-year range reads ~730 x technicians small rows, never the jobs themselves.
 */

/** The longest range a report covers: two years and a day (a leap year's). */
export const REPORT_MAX_DAYS = 731;

/** The SLA thresholds the Reports screen shares out: ASAP jobs reached within these minutes. */
export const REPORT_SLA_MINUTES = [30, 45, 60] as const;

export const REPORT_MESSAGES = {
  date: 'Use a date such as 2026-11-25.',
  order: 'The start date must be on or before the end date.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

/** A real calendar day: Date.parse would read 2030-02-31 as 3 March. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const reportDate = z
  .string({ error: REPORT_MESSAGES.date })
  .refine(isCalendarDate, REPORT_MESSAGES.date);

/** Days from `from` to `to`, both counted (1 for a single day). */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** GET /api/reports?from=&to=: business dates (Cincinnati), both included. */
export const reportQuerySchema = z
  .object({ from: reportDate, to: reportDate })
  .superRefine(({ from, to }, ctx) => {
    // A bad date has its own issue already; the range is only judged between two real days.
    if (!isCalendarDate(from) || !isCalendarDate(to)) return;
    const days = daysInRange(from, to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.tooLong });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

/**
 * How the series groups days, so a chart stays readable and the answer stays small: each day up
 * to three months, weeks (starting Monday) up to a year, months beyond.
 */
export function reportBucket(from: string, to: string): ReportBucket {
  const days = daysInRange(from, to);
  return days <= 92 ? 'day' : days <= 366 ? 'week' : 'month';
}

/** The first day of the bucket `date` falls in (a week starts on Monday). */
export function bucketStart(date: string, bucket: ReportBucket): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 8)}01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

const count = z.number().int();

/** ASAP jobs completed, and how many of them the technician reached within 30, 45 and 60 min. */
export const slaSharesSchema = z.object({
  asapJobs: count,
  within30: count,
  within45: count,
  within60: count,
});
export type SlaShares = z.infer<typeof slaSharesSchema>;

/** What every row of a report counts (the series' periods, the technicians, the totals). */
const figures = {
  jobsCompleted: count,
  /** Declined by staff or cancelled by the customer: closed without service. */
  jobsClosedWithoutService: count,
  batteriesInstalled: count,
  /** Dollars: each install's price from the price list when it was done. */
  revenue: z.number(),
  /** Minutes from en route to on location; null when no job in the row was timed. */
  averageTravelMinutes: z.number().nullable(),
  /** Minutes from on location to completed. */
  averageInstallMinutes: z.number().nullable(),
  sla: slaSharesSchema,
};

export const reportPeriodSchema = z.object({
  /** The bucket's first day (YYYY-MM-DD). */
  period: z.string(),
  ...figures,
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const technicianReportSchema = z.object({
  /** Null: jobs closed before anyone had them (declined or cancelled while unassigned). */
  technicianId: z.number().int().nullable(),
  name: z.string(),
  ...figures,
});
export type TechnicianReport = z.infer<typeof technicianReportSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_BUCKETS),
  totals: z.object(figures),
  /** Every bucket of the range, oldest first, empty ones included (a chart's gaps are zeros). */
  series: z.array(reportPeriodSchema),
  technicians: z.array(technicianReportSchema),
});
export type Report = z.infer<typeof reportSchema>;
