import { BUSINESS } from './constants';

// Built once: constructing a DateTimeFormat loads time zone data and showed in the bench profile.
const businessClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Calendar parts of an instant on the business's clock (America/New_York). */
export function businessParts(at: Date = new Date()) {
  const parts = businessClock.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
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
