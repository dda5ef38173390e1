// The hour a job is booked for, read one way by every rule that asks "when is this visit?": the
// SLA clock, the lifecycle's "not before its day", the suggestions and the queue.
// A plain module (no zod): the board uses it on its first screen.
import { BOOKING } from '../constants';
import { clockLabel } from '../booking/rules';
import { businessInstant, calendarDayLabel } from '../time';

/** What tells a booked visit from an ASAP request. */
export interface BookedHour {
  preferredTime: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
}

/** An ASAP request: no booked day (or booked as ASAP). */
export const isAsap = (job: Pick<BookedHour, 'preferredTime' | 'scheduledDate'>): boolean =>
  job.preferredTime === 'ASAP' || !job.scheduledDate;

/** 'HH:MM[:SS]' as hour and minute; a day without an hour starts when the service day does. */
function clockOf(time: string | null): [number, number] {
  const [hour, minute] = (time ?? `${BOOKING.firstHour}:00`).split(':').map(Number);
  return [hour, minute || 0];
}

/** When a booked visit starts (Cincinnati time); null for an ASAP request. */
export function bookedStart(job: BookedHour): Date | null {
  if (isAsap(job)) return null;
  const [hour, minute] = clockOf(job.scheduledTime);
  return businessInstant(job.scheduledDate!, hour, minute);
}

/**
 * A booked visit as people read it: 'Sun, Nov 29 at 10 AM' ('at 10:30 AM' off the hour; the day
 * alone without an hour). A calendar date: no time zone can shift it.
 */
export function bookedHourLabel(date: string, time: string | null): string {
  const day = calendarDayLabel(date);
  if (!time) return day;
  const [hour, minute] = clockOf(time);
  return `${day} at ${clockLabel(hour, minute)}`;
}
