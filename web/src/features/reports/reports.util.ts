import {
  REPORT_SLA_MINUTES,
  addDays,
  type Report,
  type ReportBucket,
  type ReportQuery,
  type SlaShares,
} from '@cincy/contracts';
import { formatCurrency } from '../../lib/format';

/**
 * How the Reports screen words and shapes a report: pure, so the tiles, ranges and chart data are
 * tested without antd or the chart library.
 */

export const REPORT_TEXTS = {
  title: 'Reports',
  empty: 'No jobs in this range',
  loading: 'Loading the report...',
  loadFailed: 'Could not load the report.',
  downloadCsv: 'Download CSV',
} as const;

/** The figures every row of a report carries (a period's, a technician's, the totals). */
export type ReportFigures = Report['totals'];

export type SlaMinutes = (typeof REPORT_SLA_MINUTES)[number];

export interface RangePreset {
  label: string;
  range: (today: string) => ReportQuery;
}

/** The range picker's presets, each ending today (a business date); the first two years' worth. */
export const RANGE_PRESETS: readonly RangePreset[] = [
  { label: 'Last 7 days', range: (today) => ({ from: addDays(today, -6), to: today }) },
  { label: 'Last 30 days', range: (today) => ({ from: addDays(today, -29), to: today }) },
  { label: 'Last 90 days', range: (today) => ({ from: addDays(today, -89), to: today }) },
  { label: 'This year', range: (today) => ({ from: `${today.slice(0, 4)}-01-01`, to: today }) },
  // 731 days: the longest range a report covers (REPORT_MAX_DAYS).
  { label: 'Last 2 years', range: (today) => ({ from: addDays(today, -730), to: today }) },
];

/** The screen opens on the last 30 days. */
export const defaultRange = (today: string): ReportQuery => RANGE_PRESETS[1].range(today);

/** A report shows nothing to chart when no job closed in its range, served or not. */
export const isEmptyReport = (report: Pick<Report, 'totals'>) =>
  report.totals.jobsCompleted === 0 && report.totals.jobsClosedWithoutService === 0;

/** How many ASAP jobs were reached within `minutes`. */
export const withinCount = (sla: SlaShares, minutes: SlaMinutes): number =>
  minutes === 30 ? sla.within30 : minutes === 45 ? sla.within45 : sla.within60;

/** The share of ASAP jobs reached within `minutes`, 0-100; null when there were none. */
export function slaPercent(sla: SlaShares, minutes: SlaMinutes): number | null {
  return sla.asapJobs === 0 ? null : (withinCount(sla, minutes) / sla.asapJobs) * 100;
}

/** "83%" (whole percent), or "—" with no ASAP job to count. */
export function percentText(percent: number | null): string {
  return percent === null ? '—' : `${Math.round(percent)}%`;
}

/** "83% (25 of 30)": a table cell's SLA share with its counts. */
export function slaCellText(sla: SlaShares, minutes: SlaMinutes): string {
  const percent = slaPercent(sla, minutes);
  return percent === null
    ? '—'
    : `${percentText(percent)} (${withinCount(sla, minutes)} of ${sla.asapJobs})`;
}

/** Minutes to one decimal, as the tiles, tables and CSV show them; null stays null (not timed). */
export const roundMinutes = (minutes: number | null): number | null =>
  minutes === null ? null : Math.round(minutes * 10) / 10;

/** "23.5 min", or "—" when no job was timed. */
export function minutesText(minutes: number | null): string {
  const rounded = roundMinutes(minutes);
  return rounded === null ? '—' : `${rounded} min`;
}

export interface ReportTile {
  /** Stable, for tests and the e2e: `report-tile-<key>`. */
  key: string;
  title: string;
  /** The tile's number as the CSV's Total row has it (null: nothing to measure). */
  value: number | null;
  /** The number as shown. */
  text: string;
  /** A line under it: the counts behind a share. */
  note?: string;
}

/** The tiles, in order: jobs, batteries, revenue, the SLA shares, the average times. */
export function reportTiles(totals: ReportFigures): ReportTile[] {
  const sla = REPORT_SLA_MINUTES.map((minutes): ReportTile => {
    const percent = slaPercent(totals.sla, minutes);
    return {
      key: `sla-${minutes}`,
      title: `SLA within ${minutes} min`,
      value: percent === null ? null : Math.round(percent),
      text: percentText(percent),
      note: `${withinCount(totals.sla, minutes)} of ${totals.sla.asapJobs} ASAP jobs`,
    };
  });
  return [
    {
      key: 'jobs-completed',
      title: 'Jobs completed',
      value: totals.jobsCompleted,
      text: String(totals.jobsCompleted),
      note: `${totals.jobsClosedWithoutService} closed without service`,
    },
    {
      key: 'batteries-installed',
      title: 'Batteries installed',
      value: totals.batteriesInstalled,
      text: String(totals.batteriesInstalled),
    },
    {
      key: 'revenue',
      title: 'Revenue ($)',
      value: Math.round(totals.revenue * 100) / 100,
      text: formatCurrency(totals.revenue),
    },
    ...sla,
    {
      key: 'avg-travel',
      title: 'Avg travel',
      value: roundMinutes(totals.averageTravelMinutes),
      text: minutesText(totals.averageTravelMinutes),
    },
    {
      key: 'avg-install',
      title: 'Avg install',
      value: roundMinutes(totals.averageInstallMinutes),
      text: minutesText(totals.averageInstallMinutes),
    },
  ];
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A period's label by the report's bucket: "Nov 25", "Week of Nov 23", "Nov 2026". */
export function periodLabel(period: string, bucket: ReportBucket): string {
  // A calendar date: read at UTC noon so no time zone moves it to another day.
  const at = new Date(`${period}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return period;
  if (bucket === 'month') return MONTH.format(at);
  return bucket === 'week' ? `Week of ${DAY.format(at)}` : DAY.format(at);
}

/** What the table and chart call a bucket: "Day", "Week", "Month". */
export const BUCKET_LABELS: Record<ReportBucket, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** One point of a multi-series chart: its x, which series, and its y. */
export interface ChartPoint {
  x: string;
  series: string;
  value: number;
}

/** Jobs completed and batteries installed per period, side by side. */
export function jobsChartData(report: Pick<Report, 'series' | 'bucket'>): ChartPoint[] {
  return report.series.flatMap((p) => {
    const x = periodLabel(p.period, report.bucket);
    return [
      { x, series: 'Jobs completed', value: p.jobsCompleted },
      { x, series: 'Batteries installed', value: p.batteriesInstalled },
    ];
  });
}

/** Revenue (dollars) per period. */
export function revenueChartData(
  report: Pick<Report, 'series' | 'bucket'>,
): { x: string; value: number }[] {
  return report.series.map((p) => ({
    x: periodLabel(p.period, report.bucket),
    value: Math.round(p.revenue * 100) / 100,
  }));
}

/** Each technician's share of ASAP jobs reached within 30, 45 and 60 min (those with any). */
export function slaChartData(report: Pick<Report, 'technicians'>): ChartPoint[] {
  return report.technicians
    .filter((t) => t.sla.asapJobs > 0)
    .flatMap((t) =>
      REPORT_SLA_MINUTES.map((minutes) => ({
        x: t.name,
        series: `Within ${minutes} min`,
        value: Math.round(slaPercent(t.sla, minutes) ?? 0),
      })),
    );
}

/** The preset a range is (its label), or null for a range picked by hand. */
export function presetOf(range: ReportQuery, today: string): string | null {
  const preset = RANGE_PRESETS.find((p) => {
    const r = p.range(today);
    return r.from === range.from && r.to === range.to;
  });
  return preset?.label ?? null;
}
