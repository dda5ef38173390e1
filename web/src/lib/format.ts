// How the back office writes money and dates: one place, so every screen reads alike.
import { businessClock, formatBusinessDay } from '@cincy/contracts';

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Dollars with 2 decimals: 1234.5 -> '$1,234.50'; not a number -> '$0.00'. */
export function formatCurrency(amount: number): string {
  return USD.format(Number.isFinite(amount) ? amount : 0);
}

const COUNT = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 42000 -> '42,000'. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** What a missing or unreadable date shows. */
export const NO_DATE = '—';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Dates on Cincinnati's calendar are computed (contracts' businessParts), not asked of a
// time-zone-aware Intl format: making the first one was a 57 ms task in the staff screens' load.

/** A day on Cincinnati's calendar: 'Jun 14, 2030'. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatBusinessDay(date) : NO_DATE;
}

/** A moment on Cincinnati's clock, time only: '2:05 PM'. */
export function formatClock(value: string | null | undefined): string {
  const date = parse(value);
  return date ? businessClock(date) : NO_DATE;
}

/** A moment on Cincinnati's clock: 'Jun 14, 2030, 2:05 PM'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? `${formatBusinessDay(date)}, ${businessClock(date)}` : NO_DATE;
}
