import {
  exceptionLabel,
  moneyLabel,
  shiftTimeLabel,
  shiftsLabel,
  visitLabel,
  weeklyLabel,
} from './audit-format';

describe('audit formats', () => {
  it('names a visit by its day and hour, or ASAP', () => {
    expect(visitLabel({ scheduledDate: '2026-11-24', scheduledTime: '14:00:00' })).toBe(
      'Tue Nov 24, 2 PM',
    );
    expect(visitLabel({ scheduledDate: null, scheduledTime: null })).toBe('ASAP');
  });

  it('reads shift times the way people say them', () => {
    expect(shiftTimeLabel('08:00')).toBe('8 AM');
    expect(shiftTimeLabel('17:30')).toBe('5:30 PM');
    expect(shiftTimeLabel('12:00')).toBe('12 PM');
    expect(shiftTimeLabel('24:00')).toBe('midnight');
  });

  it('reads a weekly pattern day by day, days without shifts off', () => {
    expect(
      weeklyLabel([
        { weekday: 2, start: '13:00', end: '17:00' },
        { weekday: 1, start: '08:00', end: '17:00' },
        { weekday: 2, start: '08:00', end: '12:00' },
      ]),
    ).toBe('Sun off; Mon 8 AM-5 PM; Tue 8 AM-12 PM, 1 PM-5 PM; Wed off; Thu off; Fri off; Sat off');
    expect(weeklyLabel([])).toBe('No shifts');
  });

  it('reads a date exception: its shifts, off, or the weekly pattern when there is none', () => {
    expect(shiftsLabel([])).toBe('Off');
    expect(exceptionLabel({ date: '2026-11-27', shifts: [] })).toBe('Off');
    expect(exceptionLabel(undefined)).toBe('Weekly pattern');
  });

  it('shows money with cents', () => {
    expect(moneyLabel(150)).toBe('$150.00');
  });
});
