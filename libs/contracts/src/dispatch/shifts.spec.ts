import { businessInstant } from '../time';
import { dateShiftsInputSchema, weeklyShiftsInputSchema } from './api';
import {
  SHIFT_MESSAGES,
  ScheduleFacts,
  checkShiftRanges,
  cutShiftsAt,
  isOnShift,
  nextShiftStart,
  onShiftAt,
  onShiftInHour,
  shiftHoursBetween,
  shiftsInUse,
  shiftsOn,
} from './shifts';

// Wednesday 25 November 2026 in Cincinnati (EST, UTC-5); the 26th is a Thursday.
const WED = '2026-11-25';
const THU = '2026-11-26';
const at = (date: string, hour: number, minute = 0, second = 0) =>
  new Date(businessInstant(date, hour, minute).getTime() + second * 1000);

const schedule = (overrides: Partial<ScheduleFacts> = {}): ScheduleFacts => ({
  technicianId: 7,
  weekly: [{ weekday: 3, start: '09:00', end: '17:00' }],
  exceptions: [],
  ...overrides,
});

describe('checking shifts', () => {
  it('refuses overlapping shifts on one day, and accepts shifts that only touch', () => {
    expect(
      checkShiftRanges([
        { start: '09:00', end: '13:00' },
        { start: '12:30', end: '17:00' },
      ]),
    ).toBe(SHIFT_MESSAGES.overlap);
    expect(
      checkShiftRanges([
        { start: '13:00', end: '17:00' },
        { start: '09:00', end: '13:00' },
      ]),
    ).toBeNull();
  });

  it('refuses a shift that ends before it starts, or when it starts', () => {
    expect(checkShiftRanges([{ start: '17:00', end: '09:00' }])).toBe(
      SHIFT_MESSAGES.endBeforeStart,
    );
    expect(checkShiftRanges([{ start: '09:00', end: '09:00' }])).toBe(
      SHIFT_MESSAGES.endBeforeStart,
    );
    expect(checkShiftRanges([{ start: '18:00', end: '24:00' }])).toBeNull();
    expect(checkShiftRanges([{ start: '9:00', end: '17:00' }])).toBe(SHIFT_MESSAGES.time);
  });

  it('checks the weekly pattern day by day through the request schemas', () => {
    const overlapping = weeklyShiftsInputSchema.safeParse({
      shifts: [
        { weekday: 1, start: '09:00', end: '13:00' },
        { weekday: 1, start: '12:00', end: '17:00' },
      ],
    });
    expect(overlapping.success).toBe(false);
    expect(overlapping.error?.issues[0]).toMatchObject({
      path: ['shifts'],
      message: SHIFT_MESSAGES.overlap,
    });
    // The same hours on different days are no overlap.
    expect(
      weeklyShiftsInputSchema.safeParse({
        shifts: [
          { weekday: 1, start: '09:00', end: '13:00' },
          { weekday: 2, start: '12:00', end: '17:00' },
        ],
      }).success,
    ).toBe(true);
    const backwards = dateShiftsInputSchema.safeParse({
      shifts: [{ start: '17:00', end: '08:00' }],
    });
    expect(backwards.error?.issues[0].message).toBe(SHIFT_MESSAGES.endBeforeStart);
    expect(dateShiftsInputSchema.safeParse({ shifts: [] }).success).toBe(true);
  });
});

describe('who works when', () => {
  it("takes a date's exception over the weekly pattern, an empty one being a day off", () => {
    const facts = schedule({
      exceptions: [
        { date: WED, shifts: [{ start: '12:00', end: '20:00' }] },
        { date: '2026-12-02', shifts: [] },
      ],
    });
    expect(shiftsOn(facts, WED)).toEqual([{ start: '12:00', end: '20:00' }]);
    expect(shiftsOn(facts, '2026-12-02')).toEqual([]); // a Wednesday off
    expect(shiftsOn(facts, '2026-12-09')).toEqual([{ start: '09:00', end: '17:00' }]);
    expect(shiftsOn(facts, THU)).toEqual([]);
    expect(isOnShift(facts, at(WED, 10))).toBe(false);
    expect(isOnShift(facts, at(WED, 12))).toBe(true);
  });

  it('is on shift from the first minute to the one before the end', () => {
    const facts = schedule();
    expect(isOnShift(facts, at(WED, 8, 59))).toBe(false);
    expect(isOnShift(facts, at(WED, 9))).toBe(true);
    expect(isOnShift(facts, at(WED, 16, 59))).toBe(true);
    expect(isOnShift(facts, at(WED, 17))).toBe(false);
  });

  it('gives the start of the next shift: later that day, else the next day with one', () => {
    const split = schedule({
      weekly: [
        { weekday: 3, start: '13:30', end: '17:00' },
        { weekday: 3, start: '08:15', end: '12:00' },
      ],
    });
    expect(nextShiftStart(split, at(WED, 5, 30))).toEqual(at(WED, 8, 15));
    expect(nextShiftStart(split, at(WED, 12, 10))).toEqual(at(WED, 13, 30));
    expect(nextShiftStart(split, at(WED, 8, 15))).toEqual(at(WED, 13, 30));
    // None left that day: the next day that has one (Wednesdays only: a week on).
    expect(nextShiftStart(split, at(WED, 14))).toEqual(at('2026-12-02', 8, 15));
    expect(nextShiftStart(split, at(THU, 5))).toEqual(at('2026-12-02', 8, 15));
    // Tonight after the shift: tomorrow's; a day off skipped; nothing within a week: null.
    const daily = schedule({
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
      exceptions: [{ date: THU, shifts: [] }],
    });
    expect(nextShiftStart(daily, at(WED, 21, 30))).toEqual(at('2026-11-27', 8));
    expect(nextShiftStart(schedule({ weekly: [] }), at(WED, 5))).toBeNull();
  });

  it("counts a shift for an hour when it covers the hour's start", () => {
    const nineToFive = schedule();
    expect(onShiftInHour(nineToFive, WED, 8)).toBe(false);
    expect(onShiftInHour(nineToFive, WED, 9)).toBe(true);
    expect(onShiftInHour(nineToFive, WED, 16)).toBe(true);
    expect(onShiftInHour(nineToFive, WED, 17)).toBe(false);
    const halfPast = schedule({ weekly: [{ weekday: 3, start: '09:30', end: '17:00' }] });
    expect(onShiftInHour(halfPast, WED, 9)).toBe(false);
    expect(onShiftInHour(halfPast, WED, 10)).toBe(true);
  });

  it('knows shifts are in use once anyone has a pattern or an exception', () => {
    const none = schedule({ weekly: [] });
    expect(shiftsInUse([])).toBe(false);
    expect(shiftsInUse([none, { ...none, technicianId: 8 }])).toBe(false);
    expect(
      shiftsInUse([none, schedule({ weekly: [], exceptions: [{ date: WED, shifts: [] }] })]),
    ).toBe(true);
    expect(shiftsInUse([none, schedule()])).toBe(true);
  });

  it('counts every technician as on shift until any shift is entered, then only those on shift', () => {
    const none = (technicianId: number) => schedule({ technicianId, weekly: [] });
    expect(onShiftAt([7, 8], [], at(WED, 3))).toEqual(new Set([7, 8]));
    expect(onShiftAt([7, 8], [none(7), none(8)], at(WED, 3))).toEqual(new Set([7, 8]));
    const inUse = [schedule(), none(8)];
    expect(onShiftAt([7, 8], inUse, at(WED, 10))).toEqual(new Set([7]));
    expect(onShiftAt([7, 8], inUse, at(WED, 3))).toEqual(new Set());
  });
});

describe('going off shift', () => {
  const day = [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ];

  it('ends the shift under way now and drops the ones not yet begun', () => {
    expect(cutShiftsAt(day, at(WED, 10, 20))).toEqual([{ start: '08:00', end: '10:20' }]);
    expect(cutShiftsAt(day, at(WED, 15))).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '15:00' },
    ]);
    expect(cutShiftsAt(day, at(WED, 12, 30))).toEqual([{ start: '08:00', end: '12:00' }]);
    expect(cutShiftsAt(day, at(WED, 7))).toEqual([]);
  });

  it('rounds a part-minute up, so the cut shift never ends before it starts', () => {
    expect(cutShiftsAt(day, at(WED, 10, 20, 30))).toEqual([{ start: '08:00', end: '10:21' }]);
    expect(cutShiftsAt(day, at(WED, 8, 0, 1))).toEqual([{ start: '08:00', end: '08:01' }]);
  });
});

describe('hours on shift', () => {
  const night = schedule({
    weekly: [
      { weekday: 3, start: '22:00', end: '24:00' },
      { weekday: 4, start: '00:00', end: '02:00' },
    ],
  });

  it('adds the hours of a night shift on both sides of midnight', () => {
    expect(shiftHoursBetween(night, at(WED, 23), at(THU, 1, 30))).toBe(2.5);
    expect(shiftHoursBetween(night, at(WED, 0), at(THU, 12))).toBe(4);
  });

  it('counts only the part of a shift between the two instants', () => {
    const nineToFive = schedule();
    expect(shiftHoursBetween(nineToFive, at(WED, 0), at(WED, 12, 30))).toBe(3.5);
    expect(shiftHoursBetween(nineToFive, at(WED, 0), at(WED, 8))).toBe(0);
    expect(shiftHoursBetween(nineToFive, at(WED, 0), at(WED, 23))).toBe(8);
  });
});
