import { EMPTY_DAY, computeStats, hoursByBusinessDay, minutesBetween } from './dashboard-stats';

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
