import { SHIFT_MESSAGES, type WeeklyShift } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import { fieldMessage } from '../../lib/zod-form';
import {
  DAY_OFF,
  NO_WEEKLY_SHIFTS,
  buildDateBody,
  buildWeeklyBody,
  dateExceptionDateSchema,
  dateExceptionForm,
  dateExceptionShiftsSchema,
  formatDays,
  formatDayShifts,
  formatRanges,
  formatScheduleDate,
  formatWeeklyPattern,
  newDateExceptionForm,
  rangesByWeekday,
  scheduleFailedToast,
  upcomingExceptions,
  weeklyDaySchema,
  weeklyForm,
  weeklyFormSchema,
} from './schedule.util';

const week = (days: number[], start: string, end: string): WeeklyShift[] =>
  days.map((weekday) => ({ weekday, start, end }));

describe('formatDays', () => {
  it('joins neighbours Monday first', () => {
    expect(formatDays([1, 2, 3, 4, 5])).toBe('Mon-Fri');
    expect(formatDays([5, 1, 3, 2])).toBe('Mon-Wed, Fri');
    expect(formatDays([6, 0])).toBe('Sat-Sun');
    expect(formatDays([0])).toBe('Sun');
    expect(formatDays([])).toBe('');
  });
});

describe('formatWeeklyPattern', () => {
  it('writes days with the same hours together', () => {
    expect(formatWeeklyPattern(week([1, 2, 3, 4, 5], '08:00', '17:00'))).toBe(
      'Mon-Fri 08:00-17:00',
    );
  });

  it('lists each set of hours in the order of its first day', () => {
    const weekly = [
      ...week([6], '09:00', '13:00'),
      ...week([1, 2, 3, 4, 5], '08:00', '17:00'),
      ...week([0], '09:00', '13:00'),
    ];
    expect(formatWeeklyPattern(weekly)).toBe('Mon-Fri 08:00-17:00; Sat-Sun 09:00-13:00');
  });

  it('writes split days in start order and keeps gaps', () => {
    const weekly = [
      ...week([1, 3], '13:00', '17:00'),
      ...week([1, 3], '08:00', '12:00'),
      ...week([2], '10:00', '18:00'),
    ];
    expect(formatWeeklyPattern(weekly)).toBe('Mon, Wed 08:00-12:00, 13:00-17:00; Tue 10:00-18:00');
  });

  it('says when there is no pattern', () => {
    expect(formatWeeklyPattern([])).toBe(NO_WEEKLY_SHIFTS);
  });
});

describe('ranges', () => {
  it('formats in start order, and none as a day off', () => {
    expect(
      formatRanges([
        { start: '13:00', end: '17:00' },
        { start: '08:00', end: '12:00' },
      ]),
    ).toBe('08:00-12:00, 13:00-17:00');
    expect(formatDayShifts([])).toBe(DAY_OFF);
  });

  it('groups the pattern by weekday', () => {
    const days = rangesByWeekday([...week([1], '13:00', '17:00'), ...week([1], '08:00', '12:00')]);
    expect(days).toHaveLength(7);
    expect(days[1]).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    expect(days[0]).toEqual([]);
  });
});

describe('the weekly dialog', () => {
  it('sends every range with its weekday, Monday first, trimmed', () => {
    const form = weeklyForm([...week([0], '09:00', '13:00'), ...week([1], '08:00', '17:00')]);
    form.days[1][0].end = ' 16:00 ';
    expect(buildWeeklyBody(form)).toEqual({
      shifts: [
        { weekday: 1, start: '08:00', end: '16:00' },
        { weekday: 0, start: '09:00', end: '13:00' },
      ],
    });
    expect(buildWeeklyBody({})).toEqual({ shifts: [] });
  });

  it("checks each day with the contract's messages", () => {
    const form = weeklyForm([
      ...week([1], '08:00', '12:00'),
      ...week([1], '11:00', '14:00'),
      ...week([2], '17:00', '09:00'),
    ]);
    expect(fieldMessage(weeklyDaySchema(1), form, 'shifts')).toBe(SHIFT_MESSAGES.overlap);
    expect(fieldMessage(weeklyDaySchema(2), form, 'shifts')).toBe(SHIFT_MESSAGES.endBeforeStart);
    expect(fieldMessage(weeklyDaySchema(3), form, 'shifts')).toBeUndefined();
    expect(fieldMessage(weeklyFormSchema, form, 'shifts')).toBeDefined();
    form.days[4] = [{ start: '', end: '17:00' }];
    expect(fieldMessage(weeklyDaySchema(4), form, 'shifts')).toBe(SHIFT_MESSAGES.time);
  });

  it('accepts a good week', () => {
    const form = weeklyForm(week([1, 2, 3, 4, 5], '08:00', '17:00'));
    expect(fieldMessage(weeklyFormSchema, form, 'shifts')).toBeUndefined();
  });
});

describe('the date exception dialog', () => {
  it('sends the shifts, or none for a day off', () => {
    const form = newDateExceptionForm('2026-11-26');
    expect(buildDateBody(form)).toEqual({ shifts: [{ start: '08:00', end: '17:00' }] });
    expect(buildDateBody({ ...form, mode: 'off' })).toEqual({ shifts: [] });
  });

  it('starts from an exception', () => {
    expect(dateExceptionForm('2026-11-27', [])).toEqual({
      date: '2026-11-27',
      mode: 'off',
      shifts: [],
    });
    expect(dateExceptionForm('2026-11-27', [{ start: '10:00', end: '14:00' }]).mode).toBe('work');
  });

  it("checks shifts and date with the contract's messages", () => {
    const bad = { ...newDateExceptionForm(''), shifts: [{ start: '12:00', end: '10:00' }] };
    expect(fieldMessage(dateExceptionShiftsSchema, bad, 'shifts')).toBe(
      SHIFT_MESSAGES.endBeforeStart,
    );
    expect(fieldMessage(dateExceptionShiftsSchema, { ...bad, mode: 'off' }, 'shifts')).toBe(
      undefined,
    );
    expect(fieldMessage(dateExceptionDateSchema, bad, 'date')).toBe(
      'Use a date such as 2026-11-25.',
    );
    expect(fieldMessage(dateExceptionDateSchema, { date: '2026-11-26' }, 'date')).toBeUndefined();
  });
});

describe('dates', () => {
  it('writes a calendar date with its weekday', () => {
    expect(formatScheduleDate('2026-11-26')).toBe('Thu, Nov 26, 2026');
    expect(formatScheduleDate('2027-01-03')).toBe('Sun, Jan 3, 2027');
    expect(formatScheduleDate('not a date')).toBe('not a date');
  });

  it('keeps exceptions from today on, soonest first', () => {
    const list = [{ date: '2026-12-01' }, { date: '2026-11-20' }, { date: '2026-11-25' }];
    expect(upcomingExceptions(list, '2026-11-25').map((e) => e.date)).toEqual([
      '2026-11-25',
      '2026-12-01',
    ]);
  });
});

describe('toasts', () => {
  it("shows the server's sentence when it gave one", () => {
    const error = new ApiRequestError(400, 'Bad Request', { message: SHIFT_MESSAGES.overlap });
    expect(scheduleFailedToast(error, 'fallback').description).toBe(SHIFT_MESSAGES.overlap);
    expect(scheduleFailedToast(new Error('x'), 'fallback').description).toBe('fallback');
  });
});
