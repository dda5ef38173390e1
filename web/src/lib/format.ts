// How the back office writes money and dates: one place, so every screen reads alike.
import { BUSINESS } from '@cincy/contracts';

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

const DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: BUSINESS.timeZone,
});

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: BUSINESS.timeZone,
});

/** What a missing or unreadable date shows. */
export const NO_DATE = '—';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day on Cincinnati's calendar: 'Jun 14, 2030'. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? DATE.format(date) : NO_DATE;
}

/** A moment on Cincinnati's clock: 'Jun 14, 2030, 2:05 PM'. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : NO_DATE;
}
