import {
  calendarDayLabel,
  dateShiftsInputSchema,
  scheduleDateParamSchema,
  shiftMinutes,
  weeklyShiftsInputSchema,
  type ShiftRange,
  type WeeklyShift,
} from '@cincy/contracts';
import { z } from 'zod';
import { serverMessageOf } from '../../api/request';
import type { DateShiftsBody, WeeklyShiftsBody } from '../../api/schedules';
import type { ToastInput } from '../../components/toast';
import { compareCodeUnits } from '../../lib/sort';

/** The week as the screen shows it: Monday first (weekday numbers count Sunday as 0). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** What a new range starts as in the dialogs. */
export const DEFAULT_RANGE: ShiftRange = { start: '08:00', end: '17:00' };

export const DAY_OFF = 'Day off';
export const NO_WEEKLY_SHIFTS = 'No weekly shifts';

const byStart = (a: ShiftRange, b: ShiftRange) =>
  (shiftMinutes(a.start) ?? 0) - (shiftMinutes(b.start) ?? 0) || compareCodeUnits(a.end, b.end);

/** '08:00-12:00, 13:00-17:00' in start order; '' for none. */
export function formatRanges(ranges: readonly ShiftRange[]): string {
  return [...ranges]
    .sort(byStart)
    .map((r) => `${r.start}-${r.end}`)
    .join(', ');
}

/** A date exception's shifts: 'Day off' when there are none. */
export function formatDayShifts(ranges: readonly ShiftRange[]): string {
  return ranges.length ? formatRanges(ranges) : DAY_OFF;
}

/** Days in the Monday-first order, runs of neighbours joined: [1,2,3,5] -> 'Mon-Wed, Fri'. */
export function formatDays(weekdays: readonly number[]): string {
  const positions = [...new Set(weekdays)]
    .map((d) => WEEK_ORDER.indexOf(d as (typeof WEEK_ORDER)[number]))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const i of positions) {
    const last = runs[runs.length - 1];
    if (last && i === last[1] + 1) last[1] = i;
    else runs.push([i, i]);
  }
  const name = (i: number) => SHORT_DAY_NAMES[WEEK_ORDER[i]];
  return runs.map(([a, b]) => (a === b ? name(a) : `${name(a)}-${name(b)}`)).join(', ');
}

/** Each weekday's ranges in start order, indexed by weekday (0 = Sunday). */
export function rangesByWeekday(weekly: readonly WeeklyShift[]): ShiftRange[][] {
  const days: ShiftRange[][] = Array.from({ length: 7 }, () => []);
  for (const { weekday, start, end } of weekly) {
    if (weekday >= 0 && weekday <= 6) days[weekday].push({ start, end });
  }
  return days.map((d) => d.sort(byStart));
}

/**
 * The weekly pattern in one line: days with the same hours together, Monday first.
 * 'Mon-Fri 08:00-17:00; Sat 09:00-13:00'; 'No weekly shifts' when empty.
 */
export function formatWeeklyPattern(weekly: readonly WeeklyShift[]): string {
  const days = rangesByWeekday(weekly);
  const groups = new Map<string, number[]>();
  for (const weekday of WEEK_ORDER) {
    const hours = formatRanges(days[weekday]);
    if (!hours) continue;
    groups.set(hours, [...(groups.get(hours) ?? []), weekday]);
  }
  if (groups.size === 0) return NO_WEEKLY_SHIFTS;
  return [...groups].map(([hours, weekdays]) => `${formatDays(weekdays)} ${hours}`).join('; ');
}

// ---- The weekly dialog ------------------------------------------------------------------------

/** 'Weekly pattern' as its inputs hold it: each weekday's ranges, indexed by weekday (0 = Sunday). */
export interface WeeklyForm {
  days: ShiftRange[][];
}

export function weeklyForm(weekly: readonly WeeklyShift[]): WeeklyForm {
  return { days: rangesByWeekday(weekly) };
}

const cleanRange = (r: Partial<ShiftRange> | undefined): ShiftRange => ({
  start: (r?.start ?? '').trim(),
  end: (r?.end ?? '').trim(),
});

/** PUT .../weekly: every weekday's ranges, Monday first, in start order. */
export function buildWeeklyBody(form: Partial<WeeklyForm>, only?: number): WeeklyShiftsBody {
  const days = form.days ?? [];
  const shifts: WeeklyShift[] = [];
  for (const weekday of WEEK_ORDER) {
    if (only !== undefined && weekday !== only) continue;
    for (const range of days[weekday] ?? []) shifts.push({ weekday, ...cleanRange(range) });
  }
  return { shifts };
}

/**
 * One weekday's check: the contract's weekly schema on that day's ranges alone, so its message
 * ('Shifts on the same day must not overlap.') shows under the day it is about. Every day passing
 * is the whole pattern passing: the contract checks the week day by day.
 */
export const weeklyDaySchema = (weekday: number) =>
  z.preprocess(
    (values) => buildWeeklyBody((values ?? {}) as Partial<WeeklyForm>, weekday),
    weeklyShiftsInputSchema,
  );

/** The whole pattern, as the server will check it. */
export const weeklyFormSchema = z.preprocess(
  (values) => buildWeeklyBody((values ?? {}) as Partial<WeeklyForm>),
  weeklyShiftsInputSchema,
);

// ---- The date exception dialog ----------------------------------------------------------------

export type DateMode = 'work' | 'off';

/** 'Date exception' as its inputs hold it: a date ('YYYY-MM-DD'), working hours or a day off. */
export interface DateExceptionForm {
  date: string;
  mode: DateMode;
  shifts: ShiftRange[];
}

/** A new exception: the given date (or none yet), the usual hours. */
export function newDateExceptionForm(date = ''): DateExceptionForm {
  return { date, mode: 'work', shifts: [{ ...DEFAULT_RANGE }] };
}

/** An exception being changed: its date and shifts; none is a day off. */
export function dateExceptionForm(date: string, shifts: readonly ShiftRange[]): DateExceptionForm {
  return shifts.length
    ? { date, mode: 'work', shifts: [...shifts].sort(byStart) }
    : { date, mode: 'off', shifts: [] };
}

/** PUT .../dates/{date}: a day off sends no shifts, whatever the hidden inputs still hold. */
export function buildDateBody(form: Partial<DateExceptionForm>): DateShiftsBody {
  if (form.mode === 'off') return { shifts: [] };
  return { shifts: (form.shifts ?? []).map(cleanRange) };
}

/** The shifts, as the server will check them (a day off always passes). */
export const dateExceptionShiftsSchema = z.preprocess(
  (values) => buildDateBody((values ?? {}) as Partial<DateExceptionForm>),
  dateShiftsInputSchema,
);

/** The date: the contract's path rule ('Use a date such as 2026-11-25.'). */
export const dateExceptionDateSchema = z.object({ date: scheduleDateParamSchema });

/** '2026-11-26' -> 'Thu, Nov 26, 2026' (a calendar date: no clock, no time zone shift). */
export function formatScheduleDate(date: string): string {
  const day = calendarDayLabel(date);
  return day === date ? date : `${day}, ${date.slice(0, 4)}`;
}

/** Exceptions from `today` on, soonest first (older ones no longer matter). */
export function upcomingExceptions<T extends { date: string }>(
  exceptions: readonly T[],
  today: string,
): T[] {
  return exceptions.filter((e) => e.date >= today).sort((a, b) => compareCodeUnits(a.date, b.date));
}

// ---- Toasts -----------------------------------------------------------------------------------

export const SCHEDULE_MESSAGES = {
  savedTitle: 'Schedule Saved',
  weeklySaved: 'The weekly pattern has been saved.',
  removedTitle: 'Exception Removed',
  errorTitle: 'Error',
  saveFailed: 'Could not save the schedule. Please try again.',
  removeFailed: 'Could not remove the exception. Please try again.',
} as const;

export const weeklySavedToast = (name: string): ToastInput => ({
  title: SCHEDULE_MESSAGES.savedTitle,
  description: `${SCHEDULE_MESSAGES.weeklySaved} (${name})`,
});

export const dateSavedToast = (
  name: string,
  date: string,
  shifts: readonly ShiftRange[],
): ToastInput => ({
  title: SCHEDULE_MESSAGES.savedTitle,
  description: `${name}, ${formatScheduleDate(date)}: ${formatDayShifts(shifts)}.`,
});

export const exceptionRemovedToast = (name: string, date: string): ToastInput => ({
  title: SCHEDULE_MESSAGES.removedTitle,
  description: `${name} works the weekly pattern on ${formatScheduleDate(date)} again.`,
});

/** The server's sentence (the contract's message of a refused schedule), else ours. */
export const scheduleFailedToast = (error: unknown, fallback: string): ToastInput => ({
  title: SCHEDULE_MESSAGES.errorTitle,
  description: serverMessageOf(error) ?? fallback,
  variant: 'destructive',
});
