import { compareCodeUnits, compareDate, compareNumber, compareText } from './sort';

describe('table comparators', () => {
  it('orders text case-blind, numbers within text by value, missing text first', () => {
    expect(['b', 'A', null, 'a 10', 'a 9'].sort(compareText)).toEqual([
      null,
      'A',
      'a 9',
      'a 10',
      'b',
    ]);
  });

  it('orders ISO dates and times of one format in time order, by code units (not for names)', () => {
    expect(
      ['2030-06-02T09:00', '2030-06-01T17:30', 'T', '2030-06-01T08:05'].sort(compareCodeUnits),
    ).toEqual(['2030-06-01T08:05', '2030-06-01T17:30', '2030-06-02T09:00', 'T']);
    expect(['09:30', '17:00', '08:00'].sort(compareCodeUnits)).toEqual(['08:00', '09:30', '17:00']);
    expect(['b', 'B', 'a'].sort(compareCodeUnits)).toEqual(['B', 'a', 'b']);
    expect(compareCodeUnits('12:00', '12:00')).toBe(0);
  });

  it('orders numbers ascending', () => {
    expect([3, 1, 2].sort(compareNumber)).toEqual([1, 2, 3]);
  });

  it('orders dates oldest first, a missing or unreadable date before all', () => {
    expect(['2030-06-02T00:00:00Z', null, '2030-06-01T00:00:00Z', 'x'].sort(compareDate)).toEqual([
      null,
      'x',
      '2030-06-01T00:00:00Z',
      '2030-06-02T00:00:00Z',
    ]);
    expect(compareDate(null, undefined)).toBe(0);
  });
});
