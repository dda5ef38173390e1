import {
  BOOKING_MESSAGES,
  GRID_HOURS,
  RAPID_RESPONSE_WINDOW,
  SERVICE_HOURS,
  asapClosedMessage,
  bookableDates,
  clockLabel,
  hourLabel,
  isPastHour,
  isWithinServiceHours,
} from './rules';

// Friday 14 June 2030, 10:30 in Cincinnati (EDT, UTC-4).
const NOW = new Date('2030-06-14T10:30:00-04:00');
const at = (isoWithOffset: string) => new Date(isoWithOffset);

describe('booking rules shared by the form and the server', () => {
  it('offers hours 9 to 21', () => {
    expect(GRID_HOURS).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('formats hours on a 12-hour clock', () => {
    expect([0, 9, 12, 21].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '9 PM']);
    expect(RAPID_RESPONSE_WINDOW).toBe('9 AM - 9 PM');
  });

  it('states one model of the hours: the grid from its first to its last hour, ASAP through them', () => {
    const grid = `${hourLabel(GRID_HOURS[0])} - ${hourLabel(GRID_HOURS[GRID_HOURS.length - 1])}`;
    expect(SERVICE_HOURS).toBe('9 AM - 9 PM');
    expect(SERVICE_HOURS).toBe(grid);
    expect(RAPID_RESPONSE_WINDOW).toBe(SERVICE_HOURS);
    expect(BOOKING_MESSAGES.hourOutOfRange).toBe(
      'Please choose a time on the hour between 9 AM and 9 PM.',
    );
  });

  it('says why ASAP is off, with the time on the business clock', () => {
    // 22:40 in Cincinnati is 02:40 UTC the next day.
    expect(asapClosedMessage(at('2030-06-15T02:40:00Z'))).toBe(
      "ASAP service runs 9 AM - 9 PM; it's 10:40 PM now. Pick a time below.",
    );
    expect(asapClosedMessage(at('2030-01-14T07:05:00-05:00'))).toBe(
      "ASAP service runs 9 AM - 9 PM; it's 7:05 AM now. Pick a time below.",
    );
    expect([clockLabel(0, 5), clockLabel(12, 0), clockLabel(21, 30)]).toEqual([
      '12:05 AM',
      '12 PM',
      '9:30 PM',
    ]);
  });

  it('offers today and the next six days on the business clock, across a month end', () => {
    expect(bookableDates(at('2030-06-28T23:30:00-04:00'))).toEqual([
      '2030-06-28',
      '2030-06-29',
      '2030-06-30',
      '2030-07-01',
      '2030-07-02',
      '2030-07-03',
      '2030-07-04',
    ]);
    // 02:30 UTC on the 15th is still the 14th in Cincinnati.
    expect(bookableDates(at('2030-06-15T02:30:00Z'))[0]).toBe('2030-06-14');
  });

  describe('past hours', () => {
    it('has passed an hour that has begun today', () => {
      expect(isPastHour('2030-06-14', 9, NOW)).toBe(true);
      expect(isPastHour('2030-06-14', 10, NOW)).toBe(true);
      expect(isPastHour('2030-06-14', 11, NOW)).toBe(false);
    });

    it('has passed nothing tomorrow and everything yesterday', () => {
      expect(isPastHour('2030-06-15', 9, NOW)).toBe(false);
      expect(isPastHour('2030-06-13', 21, NOW)).toBe(true);
    });
  });

  it.each([
    ['9:00 sharp', '2030-06-14T09:00:00-04:00', true],
    ['20:59', '2030-06-14T20:59:00-04:00', true],
    ['9:00 in winter', '2030-01-14T09:00:00-05:00', true],
    ['8:59', '2030-06-14T08:59:00-04:00', false],
    ['21:00 sharp', '2030-06-14T21:00:00-04:00', false],
  ])('takes ASAP requests at %s: %s', (_, instant, open) => {
    expect(isWithinServiceHours(at(instant))).toBe(open);
  });
});
