import {
  DashboardStats,
  ScheduleFacts,
  addDays,
  businessDate,
  businessInstant,
  shiftHoursBetween,
  shiftsInUse,
} from '@cincy/contracts';

/** One day's running totals (a daily_metrics row), kept up to date as events arrive. */
export interface DailyTotals {
  totalTasksCompleted: number;
  /** Minutes, summed over the day's completed installs. */
  totalInstallTime: number;
  totalInstallCount: number;
  /** Technician-hours online that ended on this day (open stretches are added at read). */
  totalAvailableHours: number;
}

export const EMPTY_DAY: DailyTotals = {
  totalTasksCompleted: 0,
  totalInstallTime: 0,
  totalInstallCount: 0,
  totalAvailableHours: 0,
};

const HOUR_MS = 3_600_000;

/** Whole minutes from `from` to `to` (never negative). */
export const minutesBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));

/** The start of a business day (midnight in Cincinnati). */
export const startOfBusinessDay = (date: string) => businessInstant(date, 0);

/** Splits the stretch [from, to) into hours per Cincinnati day, so a shift past midnight counts on both days. */
export function hoursByBusinessDay(from: Date, to: Date): Map<string, number> {
  const hours = new Map<string, number>();
  let cursor = from;
  while (cursor < to) {
    const day = businessDate(cursor);
    const next = startOfBusinessDay(addDays(day, 1));
    const end = next < to ? next : to;
    hours.set(day, (hours.get(day) ?? 0) + (end.getTime() - cursor.getTime()) / HOUR_MS);
    cursor = end;
  }
  return hours;
}

/** The smallest number of hours a day's jobs are divided by: one job in the first minutes is not 60 jobs per hour. */
const MIN_AVAILABLE_HOURS = 1;

/**
 * The dashboard's counts for the business day of `now` (docs/adr/0037-dashboard-stats.md):
 * - completedToday: jobs completed today;
 * - averageInstallTime: mean minutes from arrival (on_location) to completion, whole minutes;
 * - tasksPerAvailableHour: completed jobs per technician-hour available today, one decimal.
 * `onlineSince` holds when each technician online right now came online. `shiftHours`, once shifts
 * are in use, is the technician-hours on shift from midnight to now, and replaces the hours online.
 */
export function computeStats(
  day: DailyTotals,
  onlineSince: readonly Date[],
  now: Date,
  shiftHours: number | null = null,
): DashboardStats {
  const startOfToday = startOfBusinessDay(businessDate(now));
  const openHours = onlineSince.reduce((sum, since) => {
    const from = since > startOfToday ? since : startOfToday;
    return sum + Math.max(0, now.getTime() - from.getTime()) / HOUR_MS;
  }, 0);
  const availableHours = shiftHours ?? day.totalAvailableHours + openHours;
  const completed = day.totalTasksCompleted;
  return {
    completedToday: completed,
    tasksPerAvailableHour:
      completed === 0
        ? 0
        : Math.round((completed / Math.max(availableHours, MIN_AVAILABLE_HOURS)) * 10) / 10,
    averageInstallTime:
      day.totalInstallCount === 0 ? 0 : Math.round(day.totalInstallTime / day.totalInstallCount),
  };
}

/**
 * Technician-hours on shift today from midnight to `now`, or null while nobody has a schedule
 * (then the hours online count, as before shifts existed).
 */
export function hoursOnShiftToday(schedules: readonly ScheduleFacts[], now: Date): number | null {
  if (!shiftsInUse(schedules)) return null;
  const startOfToday = startOfBusinessDay(businessDate(now));
  return schedules.reduce((sum, s) => sum + shiftHoursBetween(s, startOfToday, now), 0);
}
