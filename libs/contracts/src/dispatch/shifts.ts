// Who works when: a technician's weekly pattern with exceptions for single dates, and the rules
// every service reads them by (booking's hour grid, dispatch's suggestions, queue and stats).
// A plain module (no zod): the board and the schedule screen use it on their first screen.
import { addDays, businessDate, businessInstant, businessParts } from '../time';

/** 'HH:MM' on the business clock (Cincinnati); '24:00' ends a shift at midnight. */
export type ShiftTime = string;

/** One stretch of work on one day, start before end, both on the same day. */
export interface ShiftRange {
  start: ShiftTime;
  end: ShiftTime;
}

export interface WeeklyShift extends ShiftRange {
  /** 0 = Sunday ... 6 = Saturday, as `Date.getDay()` counts. */
  weekday: number;
}

/** An exception for one date: these shifts instead of the weekly pattern (none: a day off). */
export interface DateShifts {
  date: string;
  shifts: ShiftRange[];
}

/** What the rules need of a technician's schedule. */
export interface ScheduleFacts {
  technicianId: number;
  weekly: readonly WeeklyShift[];
  /** Dates from today on; an older exception no longer matters to anyone. */
  exceptions: readonly DateShifts[];
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const SHIFT_MESSAGES = {
  time: 'Use a time such as 08:00 or 17:30.',
  endBeforeStart: 'A shift must end after it starts.',
  overlap: 'Shifts on the same day must not overlap.',
  tooMany: 'At most 4 shifts a day.',
  notTechnician: 'Choose a technician: only technicians work shifts.',
  offShift: 'You are off shift for the rest of today.',
  notOnShift: 'You are not on shift now.',
} as const;

/** How far ahead exceptions are kept in events and copies. */
export const SHIFT_HORIZON_DAYS = 60;
export const MAX_SHIFTS_PER_DAY = 4;

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes since midnight of 'HH:MM', or null for anything else (24:00 is the only 24:xx). */
export function shiftMinutes(time: string): number | null {
  const m = TIME.exec(time);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes > 24 * 60 ? null : minutes;
}

export const formatShiftTime = (minutes: number): ShiftTime =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Why one day's shifts are not acceptable, or null: each a valid time, ending after it starts,
 * none overlapping another, at most four.
 */
export function checkShiftRanges(shifts: readonly ShiftRange[]): string | null {
  if (shifts.length > MAX_SHIFTS_PER_DAY) return SHIFT_MESSAGES.tooMany;
  const spans: [number, number][] = [];
  for (const { start, end } of shifts) {
    const from = shiftMinutes(start);
    const to = shiftMinutes(end);
    if (from === null || to === null) return SHIFT_MESSAGES.time;
    if (to <= from) return SHIFT_MESSAGES.endBeforeStart;
    spans.push([from, to]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i][0] < spans[i - 1][1]) return SHIFT_MESSAGES.overlap;
  }
  return null;
}

/** The weekly pattern's days, each checked as a day. */
export function checkWeeklyShifts(shifts: readonly WeeklyShift[]): string | null {
  for (let day = 0; day < 7; day++) {
    const problem = checkShiftRanges(shifts.filter((s) => s.weekday === day));
    if (problem) return problem;
  }
  return null;
}

/** The weekday of a business date ('2026-11-25' is a Wednesday: 3). */
export const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The shifts worked on `date`: the date's exception if there is one, else the weekly pattern. */
export function shiftsOn(schedule: ScheduleFacts, date: string): ShiftRange[] {
  const exception = schedule.exceptions.find((e) => e.date === date);
  if (exception) return [...exception.shifts];
  const weekday = weekdayOf(date);
  return schedule.weekly
    .filter((s) => s.weekday === weekday)
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** Minutes since the business day's midnight at `instant` (Cincinnati time). */
export function businessMinutes(instant: Date): number {
  const { hour, minute } = businessParts(instant);
  return hour * 60 + minute;
}

const covers = (shift: ShiftRange, minute: number) =>
  (shiftMinutes(shift.start) ?? 0) <= minute && minute < (shiftMinutes(shift.end) ?? 0);

/** Is the technician on shift at `instant`? */
export function isOnShift(schedule: ScheduleFacts, instant: Date): boolean {
  const minute = businessMinutes(instant);
  return shiftsOn(schedule, businessDate(instant)).some((s) => covers(s, minute));
}

/** How far ahead a technician's next shift is looked for: a week holds every weekday. */
const NEXT_SHIFT_WITHIN_DAYS = 7;

/**
 * When the technician's next shift begins after `instant` (Cincinnati time): later that day, else
 * on the first day within a week that has one; null when none does. Off shift at night, a
 * technician's day starts then (tonight after 9 PM: tomorrow's shift).
 */
export function nextShiftStart(schedule: ScheduleFacts, instant: Date): Date | null {
  const minute = businessMinutes(instant);
  const today = businessDate(instant);
  for (let days = 0; days <= NEXT_SHIFT_WITHIN_DAYS; days++) {
    const date = addDays(today, days);
    const starts = shiftsOn(schedule, date)
      .map((s) => shiftMinutes(s.start) ?? 0)
      .filter((start) => days > 0 || start > minute);
    if (starts.length === 0) continue;
    const first = Math.min(...starts);
    return businessInstant(date, Math.floor(first / 60), first % 60);
  }
  return null;
}

/**
 * Is the technician on shift for the scheduled hour starting at `hour`:00 on `date`? A shift counts
 * for an hour when it covers the hour's start (9:00-17:00 counts for 9 AM to 4 PM).
 */
export const onShiftInHour = (schedule: ScheduleFacts, date: string, hour: number): boolean =>
  shiftsOn(schedule, date).some((s) => covers(s, hour * 60));

/** Shifts are in use once any technician has a weekly pattern or an exception. */
export const shiftsInUse = (schedules: readonly ScheduleFacts[]): boolean =>
  schedules.some((s) => s.weekly.length > 0 || s.exceptions.length > 0);

/**
 * Who of `technicianIds` is on shift at `instant`. Until the business has entered any shift
 * (`shiftsInUse`), every technician counts, as booking's capacity does (ADR 0089).
 */
export function onShiftAt(
  technicianIds: readonly number[],
  schedules: readonly ScheduleFacts[],
  instant: Date,
): Set<number> {
  if (!shiftsInUse(schedules)) return new Set(technicianIds);
  return new Set(schedules.filter((s) => isOnShift(s, instant)).map((s) => s.technicianId));
}

/** Hours on shift between `from` and `to` (same or later business day), for the stats. */
export function shiftHoursBetween(schedule: ScheduleFacts, from: Date, to: Date): number {
  let total = 0;
  let date = businessDate(from);
  const last = businessDate(to);
  for (let guard = 0; guard < 8 && date <= last; guard++) {
    for (const shift of shiftsOn(schedule, date)) {
      const midnight = businessInstant(date, 0).getTime();
      const start = midnight + (shiftMinutes(shift.start) ?? 0) * 60_000;
      const end = midnight + (shiftMinutes(shift.end) ?? 0) * 60_000;
      const a = Math.max(start, from.getTime());
      const b = Math.min(end, to.getTime());
      if (b > a) total += (b - a) / 3_600_000;
    }
    date = addDays(date, 1);
  }
  return total;
}

/**
 * Today's shifts cut at `now` (rounded up to the minute): what "Go off shift" leaves. A shift that
 * had not begun is dropped; one under way ends now.
 */
export function cutShiftsAt(shifts: readonly ShiftRange[], now: Date): ShiftRange[] {
  const minute = Math.min(24 * 60, businessMinutes(now) + (now.getSeconds() > 0 ? 1 : 0));
  return shifts.flatMap((s) => {
    const from = shiftMinutes(s.start) ?? 0;
    const to = shiftMinutes(s.end) ?? 0;
    if (from >= minute) return [];
    return [{ start: s.start, end: formatShiftTime(Math.min(to, minute)) }];
  });
}
