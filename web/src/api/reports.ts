import type { MoneyReport, Report, ReportQuery } from '@cincy/contracts';
import { requestJson } from './request';

/** The query string of GET /api/reports: both business dates, always. */
export function reportSearch({ from, to }: ReportQuery): string {
  return `?${new URLSearchParams({ from, to }).toString()}`;
}

/** GET /api/reports?from=&to=: the range's totals, series and technicians (admins). */
export function fetchReport(query: ReportQuery, signal?: AbortSignal): Promise<Report> {
  return requestJson('GET', `/api/reports${reportSearch(query)}`, undefined, { signal });
}

/** GET /api/reports/money?from=&to=: invoiced vs collected, by method, and what is owed (admins). */
export function fetchMoneyReport(query: ReportQuery, signal?: AbortSignal): Promise<MoneyReport> {
  return requestJson('GET', `/api/reports/money${reportSearch(query)}`, undefined, { signal });
}
