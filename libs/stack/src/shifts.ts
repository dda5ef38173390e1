import type { WeeklyShift } from '@cincy/contracts';

/**
 * A weekly pattern on shift around the clock, every day: the tests' and the bench's technicians
 * are on shift whenever they run.
 */
export const ALL_WEEK_SHIFTS: WeeklyShift[] = Array.from({ length: 7 }, (_, weekday) => ({
  weekday,
  start: '00:00',
  end: '24:00',
}));
