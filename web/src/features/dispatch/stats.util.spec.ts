import { formatInstallTime, formatJobsPerHour, formatLastSeen, statCards } from './stats.util';

describe('stat formatting', () => {
  it('shows Jobs per Hour with one decimal', () => {
    expect(formatJobsPerHour(0)).toBe('0.0');
    expect(formatJobsPerHour(1.25)).toBe('1.3');
    expect(formatJobsPerHour(2)).toBe('2.0');
  });

  it('shows Avg Install Time in whole minutes', () => {
    expect(formatInstallTime(18)).toBe('18 min');
    expect(formatInstallTime(17.6)).toBe('18 min');
    expect(formatInstallTime(0)).toBe('0 min');
  });

  it('builds the five cards: Pending and In Progress from the board, the rest from the stats', () => {
    const cards = statCards(
      { available: 3, inProgress: 1 },
      { completedToday: 4, tasksPerAvailableHour: 0.75, averageInstallTime: 21 },
    );
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ['Pending', '3'],
      ['In Progress', '1'],
      ['Completed Today', '4'],
      ['Jobs per Hour', '0.8'],
      ['Avg Install Time', '21 min'],
    ]);
  });

  it('shows a dash for the server figures until they are loaded', () => {
    const cards = statCards({ available: 0, inProgress: 0 }, undefined);
    expect(cards.map((c) => c.value)).toEqual(['0', '0', '—', '—', '—']);
  });
});

describe('formatLastSeen', () => {
  const now = Date.parse('2030-06-14T12:00:00.000Z');
  it('reads active now within a minute, then the age', () => {
    expect(formatLastSeen('2030-06-14T11:59:30.000Z', now)).toBe('Active now');
    expect(formatLastSeen('2030-06-14T11:55:00.000Z', now)).toBe('Last seen 5 min ago');
    expect(formatLastSeen('2030-06-14T09:50:00.000Z', now)).toBe('Last seen 2h 10m ago');
  });

  it('says not yet without a time', () => {
    expect(formatLastSeen(null, now)).toBe('Last seen: not yet');
  });
});
