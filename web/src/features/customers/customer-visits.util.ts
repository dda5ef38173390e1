import {
  bookedHourLabel,
  businessDate,
  calendarDayLabel,
  type CustomerVisit,
  type CustomerVisits,
} from '@cincy/contracts';
import { STATUS_LABELS } from '../dispatch/board-lists.util';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "5 visits: 3 completed, 1 cancelled, 1 moved"; counts of zero are left out. */
export function visitsSummary(v: Omit<CustomerVisits, 'visits'>): string {
  if (v.total === 0) return 'No visits yet';
  const parts = (
    [
      [v.completed, 'completed'],
      [v.cancelled, 'cancelled'],
      [v.declined, 'declined'],
      [v.moved, 'moved'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`);
  const head = plural(v.total, 'visit');
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}

/**
 * The visit's hour as booked ("Sun, Nov 29 at 10 AM"), or the day an ASAP request was made
 * ("ASAP, Sat, Nov 28"): a list of visits without their days would not say when.
 */
export const visitHour = (v: CustomerVisit): string =>
  v.scheduledDate
    ? bookedHourLabel(v.scheduledDate, v.scheduledTime)
    : `ASAP, ${calendarDayLabel(businessDate(new Date(v.requestedAt)))}`;

export const visitStatus = (v: CustomerVisit): string => STATUS_LABELS[v.status] ?? v.status;

/** "moved twice" style; nothing for a visit never moved. */
export function movedText(moveCount: number): string | null {
  if (moveCount <= 0) return null;
  return moveCount === 1 ? 'moved once' : `moved ${moveCount} times`;
}
