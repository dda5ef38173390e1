import fc from 'fast-check';
import { BUSINESS } from './constants';
import {
  addDays,
  businessClock,
  businessDate,
  businessInstant,
  businessParts,
  calendarDayLabel,
  clockTime,
  formatBusinessDay,
} from './time';

// The oracle: Intl with the platform's time zone data for America/New_York.
const intl = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS.timeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
function intlParts(at: Date) {
  const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
  };
}

describe('business clock (America/New_York)', () => {
  it("uses Cincinnati's date, not UTC's, late in the evening", () => {
    // 02:30 UTC on 22 Nov is 21:30 on 21 Nov in Cincinnati (EST, UTC-5).
    expect(businessDate(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
    expect(businessParts(new Date('2026-11-22T02:30:00Z')).hour).toBe(21);
  });

  it('finds the instant of a wall-clock hour in summer and winter', () => {
    expect(businessInstant('2026-07-01', 14).toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(businessInstant('2026-11-21', 9).toISOString()).toBe('2026-11-21T14:00:00.000Z');
  });

  it("agrees with the time zone data around every switch of 2007-2045 (the US rule's years)", () => {
    const wrong: string[] = [];
    const check = (t: number) => {
      const at = new Date(t);
      const [ours, theirs] = [businessParts(at), intlParts(at)];
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        wrong.push(`${at.toISOString()}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
      }
    };
    for (let year = 2007; year <= 2045 && wrong.length < 5; year++) {
      // Every hour of March and November (the switches), and every day at 04:30 UTC (the hour
      // around midnight in Cincinnati), the rest of the year.
      for (let t = Date.UTC(year, 0, 1, 4, 30); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
        check(t);
      }
      for (const month of [2, 10]) {
        for (let t = Date.UTC(year, month, 1); t < Date.UTC(year, month + 1, 1); t += 3_600_000) {
          check(t);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('agrees with the time zone data to the minute at any instant', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2007-01-01T00:00:00Z'),
          max: new Date('2045-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => expect(businessParts(at)).toEqual(intlParts(at)),
      ),
      { numRuns: 2_000 },
    );
  });

  it('adds calendar days across month ends', () => {
    expect(addDays('2026-11-28', 6)).toBe('2026-12-04');
  });
});

describe('formatBusinessDay', () => {
  it("names the day on Cincinnati's calendar, not UTC's", () => {
    expect(formatBusinessDay(new Date('2026-11-21T03:30:00Z'))).toBe('Nov 20, 2026');
    expect(formatBusinessDay(new Date('2026-07-04T16:00:00Z'))).toBe('Jul 4, 2026');
  });
});

describe('calendarDayLabel', () => {
  it('writes every day of a year as en-US does (weekday, month, day)', () => {
    for (let day = 0; day < 366; day++) {
      const date = addDays('2028-01-01', day);
      const intl = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(calendarDayLabel(date)).toBe(intl);
    }
  });

  it('gives back what is not a date as it came', () => {
    expect(calendarDayLabel('someday')).toBe('someday');
  });
});

describe('clockTime and businessClock', () => {
  it('write every minute of a day as en-US does (12-hour, with its minutes)', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes++) {
      const at = new Date(Date.UTC(2028, 0, 1, 0, minutes));
      const intl = at.toLocaleTimeString('en-US', {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      });
      expect(clockTime(Math.floor(minutes / 60), minutes % 60)).toBe(intl);
    }
  });

  it("give an instant's time on Cincinnati's clock, on either side of a DST change", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2026-01-01'), max: new Date('2030-12-31') }), (at) => {
        const intl = at.toLocaleTimeString('en-US', {
          hour: 'numeric',
          minute: '2-digit',
          timeZone: BUSINESS.timeZone,
        });
        expect(businessClock(at)).toBe(intl);
      }),
    );
  });
});
