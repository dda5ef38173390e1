import { BOOKING_MESSAGES, BUSINESS, ERROR_CODES, ScheduleFacts } from '@cincy/contracts';
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

describe('ASAP requests once technicians have shifts', () => {
  // Friday 14 June 2030 (weekday 5) in Cincinnati.
  const fridays = (technicianId: number, start: string, end: string): ScheduleFacts => ({
    technicianId,
    weekly: [{ weekday: 5, start, end }],
    exceptions: [],
  });
  const schedules = [fridays(1, '09:00', '13:00'), fridays(2, '15:00', '18:00')];

  it.each([
    ['9:00, a shift begins', '2030-06-14T09:00:00-04:00'],
    ['12:59', '2030-06-14T12:59:00-04:00'],
    ['17:30', '2030-06-14T17:30:00-04:00'],
  ])('takes them at %s, someone being on shift', (_, instant) => {
    expect(checkAsapHours(at(instant), schedules)).toBeNull();
  });

  it.each([
    ['13:00, between shifts', '2030-06-14T13:00:00-04:00'],
    ['18:00, after the last one', '2030-06-14T18:00:00-04:00'],
    ['Saturday noon, nobody works Saturdays', '2030-06-15T12:00:00-04:00'],
  ])('refuses them at %s, within the window but with nobody on shift', (_, instant) => {
    expect(checkAsapHours(at(instant), schedules)).toEqual({
      code: ERROR_CODES.outsideServiceHours,
      message: BOOKING_MESSAGES.outsideServiceHours,
    });
  });

  it('follows a date off over the weekly pattern', () => {
    const off = {
      ...fridays(1, '09:00', '21:00'),
      exceptions: [{ date: '2030-06-14', shifts: [] }],
    };
    expect(checkAsapHours(at('2030-06-14T12:00:00-04:00'), [off])).not.toBeNull();
    expect(checkAsapHours(at('2030-06-21T12:00:00-04:00'), [off])).toBeNull();
  });

  it('keeps the window: a shift at night does not open ASAP at night', () => {
    expect(checkAsapHours(at('2030-06-14T22:00:00-04:00'), [fridays(1, '20:00', '24:00')])).toEqual(
      { code: ERROR_CODES.outsideServiceHours, message: BOOKING_MESSAGES.outsideServiceHours },
    );
  });

  it('leaves the old rule alone while nobody has shifts (empty schedules)', () => {
    const empty: ScheduleFacts = { technicianId: 1, weekly: [], exceptions: [] };
    expect(checkAsapHours(at('2030-06-15T12:00:00-04:00'), [empty])).toBeNull();
  });
});
