import { messageFixture } from './fixtures';
import { formatLongDate, formatMileage, headline, subject } from './copy';

describe('copy', () => {
  it('writes a date out', () => {
    expect(formatLongDate('2031-06-15')).toBe('June 15, 2031');
    expect(formatLongDate('2030-01-01')).toBe('January 1, 2030');
    expect(formatLongDate('not a date')).toBe('not a date');
  });

  it('writes a plain mileage with separators, anything else as typed', () => {
    expect(formatMileage('52310')).toBe('52,310 miles');
    expect(formatMileage('52,310')).toBe('52,310 miles');
    expect(formatMileage('about 90k')).toBe('about 90k');
  });

  it("names the technician when known, and trims a typed name's spaces", () => {
    expect(headline(messageFixture({ kind: 'arrived', technicianFirstName: '  Dana ' }))).toBe(
      'Dana has arrived',
    );
    expect(headline(messageFixture({ kind: 'arrived', technicianFirstName: '  ' }))).toBe(
      'Your technician has arrived',
    );
  });

  it('puts the reference in the subject on one line', () => {
    expect(subject(messageFixture({ kind: 'cancelled', reference: 'CB-1\nX' }))).toBe(
      'Cincy Battery: visit cancelled (CB-1 X)',
    );
  });
});
