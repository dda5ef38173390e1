import {
  NO_DATE,
  formatClock,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
} from './format';

describe('formatCurrency', () => {
  it.each([
    [0, '$0.00'],
    [4.5, '$4.50'],
    [139.99, '$139.99'],
    [1234.5, '$1,234.50'],
    [1539.885, '$1,539.89'],
  ])('writes %p as %p (dollars, 2 decimals)', (amount, text) => {
    expect(formatCurrency(amount)).toBe(text);
  });

  it('writes what is not a number as $0.00', () => {
    expect(formatCurrency(Number.NaN)).toBe('$0.00');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('$0.00');
  });
});

describe('formatDate and formatDateTime', () => {
  it("read the moment on Cincinnati's calendar, not the machine's", () => {
    // 02:30 UTC on June 15 is still June 14 in Cincinnati (UTC-4 in summer).
    expect(formatDate('2030-06-15T02:30:00.000Z')).toBe('Jun 14, 2030');
    expect(formatDateTime('2030-06-15T02:30:00.000Z')).toBe('Jun 14, 2030, 10:30 PM');
    expect(formatClock('2030-06-14T18:05:00.000Z')).toBe('2:05 PM');
    // Winter (UTC-5), midnight and noon.
    expect(formatDateTime('2030-01-15T05:00:00.000Z')).toBe('Jan 15, 2030, 12:00 AM');
    expect(formatClock('2030-01-15T17:00:00.000Z')).toBe('12:00 PM');
  });

  it('write what Intl writes for Cincinnati, every hour of a year', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/New_York',
    });
    for (let t = Date.UTC(2030, 0, 1); t < Date.UTC(2031, 0, 1); t += 3_600_000 + 7 * 60_000) {
      const iso = new Date(t).toISOString();
      expect(formatDateTime(iso)).toBe(intl.format(t).replace(/\s/g, ' '));
    }
  });

  it('write counts with thousands separators', () => {
    expect(formatCount(42_000)).toBe('42,000');
  });

  it('show a dash for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate('not a date')).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
  });
});
