import { addDays, businessDate, businessInstant, businessParts } from './time';

describe('business clock (America/New_York)', () => {
  it("uses Cincinnati's date, not UTC's, late in the evening", () => {
    // 02:30 UTC on 22 Nov is 21:30 on 21 Nov in Cincinnati (EST, UTC-5).
    expect(businessDate(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
    expect(businessParts(new Date('2026-11-22T02:30:00Z')).hour).toBe(21);
  });

  it('finds the instant of a wall-clock hour in summer and winter', () => {
    expect(businessInstant('2026-07-01', 14).toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(businessInstant('2026-11-21', 9).toISOString()).toBe('2026-11-21T14:00:00.000Z');
  });

  it('adds calendar days across month ends', () => {
    expect(addDays('2026-11-28', 6)).toBe('2026-12-04');
  });
});
