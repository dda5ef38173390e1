import {
  EMPTY_DAY,
  computeStats,
  hoursByBusinessDay,
  hoursOnShiftToday,
  minutesBetween,
} from './dashboard-stats';

// Friday 14 June 2030 in Cincinnati (EDT, UTC-4).
const at = (iso: string) => new Date(iso);
const NOON = at('2030-06-14T12:00:00-04:00');

describe('dashboard stats', () => {
  it('is all zeros on a day with nothing done', () => {
    expect(computeStats(EMPTY_DAY, [], NOON)).toEqual({
      completedToday: 0,
      tasksPerAvailableHour: 0,
      averageInstallTime: 0,
    });
  });

  it('divides completed jobs by technician-hours, closed and still open, to one decimal', () => {
    const day = { ...EMPTY_DAY, totalTasksCompleted: 7, totalAvailableHours: 2 };
    // Two technicians online since 9:00 and 10:30: 3 h + 1.5 h open, plus 2 h closed = 6.5 h.
    const online = [at('2030-06-14T09:00:00-04:00'), at('2030-06-14T10:30:00-04:00')];
    expect(computeStats(day, online, NOON).tasksPerAvailableHour).toBe(1.1); // 7 / 6.5 = 1.0769
  });

  it('counts only today’s part of a stretch that began yesterday', () => {
    const day = { ...EMPTY_DAY, totalTasksCompleted: 3 };
    const sinceLastNight = [at('2030-06-13T22:00:00-04:00')];
    // Midnight to noon: 12 h.
    expect(computeStats(day, sinceLastNight, NOON).tasksPerAvailableHour).toBe(0.3);
  });

  it('never divides by less than one hour', () => {
    const day = { ...EMPTY_DAY, totalTasksCompleted: 1 };
    expect(computeStats(day, [at('2030-06-14T11:55:00-04:00')], NOON).tasksPerAvailableHour).toBe(
      1,
    );
  });

  it('divides by the hours on shift today, not online, once shifts are in use', () => {
    const day = { ...EMPTY_DAY, totalTasksCompleted: 6, totalAvailableHours: 10 };
    // Friday: one technician 8:00-16:00 (4 h by noon), one 11:00-19:00 (1 h), one off all day.
    const schedules = [
      { technicianId: 1, weekly: [{ weekday: 5, start: '08:00', end: '16:00' }], exceptions: [] },
      { technicianId: 2, weekly: [{ weekday: 5, start: '11:00', end: '19:00' }], exceptions: [] },
      { technicianId: 3, weekly: [], exceptions: [{ date: '2030-06-14', shifts: [] }] },
    ];
    const shiftHours = hoursOnShiftToday(schedules, NOON);
    expect(shiftHours).toBe(5);
    const online = [at('2030-06-14T06:00:00-04:00')];
    expect(computeStats(day, online, NOON, shiftHours).tasksPerAvailableHour).toBe(1.2); // 6 / 5
    expect(computeStats(day, [], NOON, 0.25).tasksPerAvailableHour).toBe(6); // at least one hour
  });

  it('keeps the hours online while nobody has a schedule', () => {
    const empty = [{ technicianId: 1, weekly: [], exceptions: [] }];
    expect(hoursOnShiftToday(empty, NOON)).toBeNull();
    const day = { ...EMPTY_DAY, totalTasksCompleted: 4, totalAvailableHours: 2 };
    expect(computeStats(day, [], NOON, hoursOnShiftToday(empty, NOON)).tasksPerAvailableHour).toBe(
      2,
    );
  });

  it('averages install minutes to whole minutes', () => {
    const day = {
      ...EMPTY_DAY,
      totalTasksCompleted: 3,
      totalInstallTime: 61,
      totalInstallCount: 3,
    };
    expect(computeStats(day, [], NOON).averageInstallTime).toBe(20); // 20.33
  });

  it('splits a shift across midnight into both business days', () => {
    const hours = hoursByBusinessDay(
      at('2030-06-14T22:30:00-04:00'),
      at('2030-06-15T01:00:00-04:00'),
    );
    expect(Object.fromEntries(hours)).toEqual({ '2030-06-14': 1.5, '2030-06-15': 1 });
  });

  it('counts whole minutes between two instants', () => {
    expect(minutesBetween(at('2030-06-14T12:00:00Z'), at('2030-06-14T12:17:40Z'))).toBe(18);
    expect(minutesBetween(at('2030-06-14T12:00:00Z'), at('2030-06-14T11:00:00Z'))).toBe(0);
  });
});
