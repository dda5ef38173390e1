import { NO_DATE, formatCurrency, formatDate, formatDateTime } from './format';

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
  });

  it('show a dash for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDate('not a date')).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
  });
});
