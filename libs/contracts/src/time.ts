const HOUR_MS = 3_600_000;

/** The day of the month of the `nth` Sunday (1-based) of a UTC month. */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
}

/**
 * Cincinnati's offset from UTC in hours at an instant: Eastern time, -5, and -4 from the second
 * Sunday of March at 2:00 (07:00 UTC) to the first Sunday of November at 2:00 (06:00 UTC), the
 * US rule since 2007. Computed rather than asked of Intl: the first time-zone-aware Intl date
 * format costs a phone a long main-thread task at first paint (the booking form's dates), and
 * it is cheaper on the server too. `time.spec.ts` checks every hour of 2007-2045 against Intl's
 * time zone data, so a change of the law shows up there.
 */
export function businessUtcOffsetHours(at: Date): number {
  const year = at.getUTCFullYear();
  const dstStart = Date.UTC(year, 2, nthSunday(year, 3, 2), 7);
  const dstEnd = Date.UTC(year, 10, nthSunday(year, 11, 1), 6);
  const t = at.getTime();
  return t >= dstStart && t < dstEnd ? -4 : -5;
}

/** Calendar parts of an instant on the business's clock (America/New_York). */
export function businessParts(at: Date = new Date()) {
  const local = new Date(at.getTime() + businessUtcOffsetHours(at) * HOUR_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** 'YYYY-MM-DD' of an instant on the business's clock. */
export function businessDate(at: Date = new Date()): string {
  const { year, month, day } = businessParts(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Adds whole days to a 'YYYY-MM-DD' date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant at which a wall-clock time in Cincinnati happens, e.g. ('2026-11-21', 14) -> Date. */
export function businessInstant(date: string, hour: number, minute = 0): Date {
  const guess = new Date(
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
  );
  // Shift by the zone's offset at that moment; a second pass settles DST boundaries.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const p = businessParts(instant);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    instant = new Date(instant.getTime() + (guess.getTime() - asUtc));
  }
  return instant;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * 'Mon, Nov 23' for a 'YYYY-MM-DD' calendar date, as en-US writes it (no time zone can shift it);
 * the text as given when it is not a date. By hand: a page's first Intl date format builds ICU's
 * data, a 100-200 ms task on a phone, and cards, forms and texts show these at once.
 */
export function calendarDayLabel(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** 14, 5 -> '2:05 PM': a time of day as people read it (by hand, as calendarDayLabel). */
export function clockTime(hour: number, minute: number): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** '2:05 PM': an instant's time on Cincinnati's clock. */
export function businessClock(at: Date): string {
  const { hour, minute } = businessParts(at);
  return clockTime(hour, minute);
}

/** 'Nov 20, 2026': the day of an instant on Cincinnati's calendar, for messages people read. */
export function formatBusinessDay(at: Date): string {
  return `${formatBusinessMonthDay(at)}, ${businessParts(at).year}`;
}

/** 'Nov 20': the same without the year. */
export function formatBusinessMonthDay(at: Date): string {
  const { month, day } = businessParts(at);
  return `${MONTHS[month - 1]} ${day}`;
}
