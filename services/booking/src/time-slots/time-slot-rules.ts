import {
  BOOKING_MESSAGES,
  ERROR_CODES,
  GRID_HOURS,
  TimeSlot,
  bookableDates,
  isPastHour,
} from '@cincy/contracts';
import type { RuleViolation } from '../common/rule-violation';
import { isSlotFull } from './slot-capacity';

/** '2025-02-30' matches the pattern but is no day. */
export function isCalendarDate(date: string): boolean {
  const d = new Date(`${date}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** A date the grid and bookings accept: a real day from today to today + 6. */
export function checkBookableDate(
  date: string,
  now: Date,
  field: RuleViolation['field'] = 'date',
): RuleViolation | null {
  if (!isCalendarDate(date) || !bookableDates(now).includes(date)) {
    return { code: ERROR_CODES.validation, message: BOOKING_MESSAGES.dateOutOfRange, field };
  }
  return null;
}

/** A scheduled booking: a bookable day, a grid hour on the hour, not already begun. */
export function checkScheduledSlot(date: string, time: string, now: Date): RuleViolation | null {
  const dateViolation = checkBookableDate(date, now, 'scheduledDate');
  if (dateViolation) return dateViolation;
  const [hour, minute, second] = time.split(':').map(Number);
  if (!GRID_HOURS.includes(hour) || minute !== 0 || (second ?? 0) !== 0) {
    return {
      code: ERROR_CODES.validation,
      message: BOOKING_MESSAGES.hourOutOfRange,
      field: 'scheduledTime',
    };
  }
  if (isPastHour(date, hour, now)) {
    return {
      code: ERROR_CODES.validation,
      message: BOOKING_MESSAGES.timeHasPassed,
      field: 'scheduledTime',
    };
  }
  return null;
}

/** The hour of a valid 'HH:MM:SS'. */
export const hourOf = (time: string): number => Number(time.slice(0, 2));

/**
 * The grid of one day: passed hours first (they cannot be booked whatever the count), then hours
 * nobody can take (no capacity: no technician's shift covers them), then full ones. `booked` holds
 * the bookings that count against capacity, by hour; `capacity` is each hour's own (shifts make
 * hours differ), the rule holding a booking uses too.
 */
export function timeSlotAnswers(
  date: string,
  now: Date,
  booked: ReadonlyMap<number, number>,
  capacity: (hour: number) => number,
): TimeSlot[] {
  return GRID_HOURS.map((hour) => {
    if (isPastHour(date, hour, now))
      return { hour, available: false, reason: BOOKING_MESSAGES.timeSlotPassed };
    const places = capacity(hour);
    if (places === 0) return { hour, available: false, reason: BOOKING_MESSAGES.timeSlotOffShift };
    if (isSlotFull(booked.get(hour) ?? 0, places)) {
      return { hour, available: false, reason: BOOKING_MESSAGES.timeSlotBooked };
    }
    return { hour, available: true };
  });
}
