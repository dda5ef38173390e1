import { businessInstant } from '../time';
import { QUIET_HOURS, sendableAt, warrantyEndedBefore, warrantyEndsOn } from './messages';

describe('sendableAt', () => {
  const night = businessInstant('2030-06-15', 23); // Saturday, 11 PM in Cincinnati
  const morning = businessInstant('2030-06-16', 8);

  it('sends email at once, and texts at once outside the quiet hours', () => {
    expect(sendableAt('received', 'email', night, null)).toEqual(night);
    const noon = businessInstant('2030-06-15', 12);
    expect(sendableAt('received', 'sms', noon, null)).toEqual(noon);
    expect(sendableAt('received', 'sms', night, null, null)).toEqual(night);
  });

  it('holds a text about a visit not under way until 8 AM', () => {
    for (const kind of ['received', 'moved', 'assigned', 'declined', 'cancelled'] as const)
      expect(sendableAt(kind, 'sms', night, null, QUIET_HOURS)).toEqual(morning);
    // A payment an offline phone syncs tonight: its receipt's text waits, its email does not.
    expect(sendableAt('payment_received', 'sms', night, '2030-06-15')).toEqual(morning);
    expect(sendableAt('payment_received', 'email', night, '2030-06-15')).toEqual(night);
    // After midnight, the same morning.
    const early = businessInstant('2030-06-16', 3);
    expect(sendableAt('received', 'sms', early, '2030-06-17')).toEqual(morning);
  });

  it('sends at night the texts of a visit under way on its day (or ASAP), not of a later one', () => {
    for (const kind of ['on_the_way', 'arrived', 'completed'] as const) {
      expect(sendableAt(kind, 'sms', night, null)).toEqual(night);
      expect(sendableAt(kind, 'sms', night, '2030-06-15')).toEqual(night);
      // Tomorrow's visit is not under way tonight: its texts wait for the morning.
      expect(sendableAt(kind, 'sms', night, '2030-06-16')).toEqual(morning);
    }
    // Work past midnight on the evening's visit is still under way.
    const late = businessInstant('2030-06-16', 0, 30);
    expect(sendableAt('arrived', 'sms', late, '2030-06-15')).toEqual(late);
  });
});

describe('the warranty: a battery is covered through its last day', () => {
  // Installed at 11 PM Cincinnati on Nov 20, 2025 (already the 21st in UTC).
  const installed = new Date('2025-11-21T04:00:00Z');

  it('ends on the same day its months later, or the last day of a shorter month', () => {
    expect(warrantyEndsOn(installed)).toBe('2026-11-20');
    expect(warrantyEndsOn(installed, 36)).toBe('2028-11-20');
    expect(warrantyEndsOn(new Date('2026-01-31T17:00:00Z'), 1)).toBe('2026-02-28');
    expect(warrantyEndsOn(new Date('2024-02-29T17:00:00Z'), 12)).toBe('2025-02-28');
  });

  it('has ended only from the day after its last (Cincinnati), and then names that day', () => {
    const end = warrantyEndsOn(installed);
    expect(warrantyEndedBefore(end, new Date('2026-11-21T04:59:00Z'))).toBeNull();
    expect(warrantyEndedBefore(end, new Date('2026-11-21T05:00:00Z'))).toBe('2026-11-20');
    expect(warrantyEndedBefore(end, new Date('2028-01-01T12:00:00Z'))).toBe('2026-11-20');
  });
});
