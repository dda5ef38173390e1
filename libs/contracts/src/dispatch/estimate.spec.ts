import { businessInstant } from '../time';
import { formatEta, laterDayArrival } from './estimate';

describe('formatEta', () => {
  it('reads minutes under an hour, then hours and minutes', () => {
    expect([formatEta(0), formatEta(12.4), formatEta(60), formatEta(65)]).toEqual([
      'about 1 min',
      'about 12 min',
      'about 1 h',
      'about 1 h 5 min',
    ]);
  });
});

describe('laterDayArrival', () => {
  // 11 PM in Cincinnati, Wednesday Nov 25 2026.
  const late = businessInstant('2026-11-25', 23);

  it('is null when the wait ends the same day (the minutes say it)', () => {
    expect(laterDayArrival(50, late)).toBeNull();
    expect(laterDayArrival(9 * 60, businessInstant('2026-11-25', 9))).toBeNull();
  });

  it('gives the time, rounded to 5 min, when the wait ends tomorrow or later', () => {
    // 9 h 32 min after 11 PM: 8:32 AM, read as 8:30.
    expect(laterDayArrival(572, late)).toBe('around 8:30 AM tomorrow');
    expect(laterDayArrival(2 * 24 * 60, late)).toBe('around 11:00 PM on Fri, Nov 27');
  });

  it("counts days on Cincinnati's calendar, not UTC's", () => {
    // 7 PM is already tomorrow in UTC; 2 h later is still today in Cincinnati.
    expect(laterDayArrival(120, businessInstant('2026-11-25', 19))).toBeNull();
  });
});
