import { BUSINESS, ERROR_CODES } from '@cincy/contracts';
import { checkAsapHours } from './service-hours';

// Cincinnati wall-clock times in summer (EDT) and winter (EST), whatever the machine's zone.
const at = (isoWithOffset: string) => new Date(isoWithOffset);

describe('service hours for ASAP requests', () => {
  it.each([
    ['9:00 sharp', '2030-06-14T09:00:00-04:00'],
    ['midday', '2030-06-14T12:30:00-04:00'],
    ['20:59', '2030-06-14T20:59:00-04:00'],
    ['9:00 in winter', '2030-01-14T09:00:00-05:00'],
  ])('takes them at %s', (_, instant) => {
    expect(checkAsapHours(at(instant))).toBeNull();
  });

  it.each([
    ['8:59', '2030-06-14T08:59:00-04:00'],
    ['21:00 sharp', '2030-06-14T21:00:00-04:00'],
    ['midnight', '2030-06-15T00:00:00-04:00'],
    ['21:30 in winter, already the next day in UTC', '2030-01-15T02:30:00Z'],
  ])('refuses them at %s', (_, instant) => {
    expect(checkAsapHours(at(instant))).toEqual({
      code: ERROR_CODES.outsideServiceHours,
      message: `ASAP requests are handled in our rapid-response window, 9 AM - 9 PM. Please schedule a time for later, or call ${BUSINESS.phone}.`,
    });
  });

  it('names the window the web app looks for', () => {
    expect(checkAsapHours(at('2030-06-14T22:00:00-04:00'))?.message).toContain(
      'rapid-response window',
    );
  });
});
