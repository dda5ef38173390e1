import type { Report, ReportQuery } from '@cincy/contracts';
import { roundMinutes, type ReportFigures } from './reports.util';

/**
 * A report's tables as CSV (RFC 4180: comma separated, CRLF line ends, a field with a comma, quote
 * or line break quoted, quotes doubled). Numbers unformatted (dollars with 2 decimals, minutes
 * with 1), so a spreadsheet sums them; the last row is the Total, the same figures as the tiles.
 */

export type ReportTable = 'periods' | 'technicians';

type Cell = string | number | null;

const FIGURE_HEADERS = [
  'Jobs completed',
  'Closed without service',
  'Batteries installed',
  'Revenue',
  'Avg travel (min)',
  'Avg install (min)',
  'ASAP jobs',
  'Within 30 min',
  'Within 45 min',
  'Within 60 min',
];

function figureCells(f: ReportFigures): Cell[] {
  return [
    f.jobsCompleted,
    f.jobsClosedWithoutService,
    f.batteriesInstalled,
    f.revenue.toFixed(2),
    roundMinutes(f.averageTravelMinutes),
    roundMinutes(f.averageInstallMinutes),
    f.sla.asapJobs,
    f.sla.within30,
    f.sla.within45,
    f.sla.within60,
  ];
}

/**
 * The Total row: the rows' sums, and the report's own averages (an average of averages would
 * weigh a quiet day like a busy one). It equals the tiles whenever the rows add up to the totals.
 */
export function totalFigures(rows: readonly ReportFigures[], totals: ReportFigures): ReportFigures {
  const sum = (pick: (f: ReportFigures) => number) => rows.reduce((n, f) => n + pick(f), 0);
  return {
    jobsCompleted: sum((f) => f.jobsCompleted),
    jobsClosedWithoutService: sum((f) => f.jobsClosedWithoutService),
    batteriesInstalled: sum((f) => f.batteriesInstalled),
    // In cents, so 0.1 + 0.2 stays 0.30.
    revenue: sum((f) => Math.round(f.revenue * 100)) / 100,
    averageTravelMinutes: totals.averageTravelMinutes,
    averageInstallMinutes: totals.averageInstallMinutes,
    sla: {
      asapJobs: sum((f) => f.sla.asapJobs),
      within30: sum((f) => f.sla.within30),
      within45: sum((f) => f.sla.within45),
      within60: sum((f) => f.sla.within60),
    },
  };
}

// A spreadsheet runs a cell starting with one of these as a formula: a name is text, so it is
// prefixed with an apostrophe (OWASP's advice for CSV injection). Numbers are never touched.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One field, quoted when RFC 4180 requires it. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => cells.map(csvField).join(',');

/** The whole file: header, a row per period or technician, then Total. Ends with CRLF. */
export function reportCsv(report: Report, table: ReportTable): string {
  const rows: [string, ReportFigures][] =
    table === 'periods'
      ? report.series.map((p) => [p.period, p])
      : report.technicians.map((t) => [t.name, t]);
  const total = totalFigures(
    rows.map(([, f]) => f),
    report.totals,
  );
  const lines = [
    csvLine([table === 'periods' ? 'Period start' : 'Technician', ...FIGURE_HEADERS]),
    ...rows.map(([label, f]) => csvLine([label, ...figureCells(f)])),
    csvLine(['Total', ...figureCells(total)]),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** "report-2026-10-27-to-2026-11-25-periods.csv". */
export const reportCsvFileName = ({ from, to }: ReportQuery, table: ReportTable) =>
  `report-${from}-to-${to}-${table}.csv`;
