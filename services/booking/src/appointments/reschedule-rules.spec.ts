import { BOOKING_MESSAGES, ERROR_CODES, TRACKING_MESSAGES } from '@cincy/contracts';
import { MovableVisit, checkReschedule } from './reschedule-rules';

// Friday 14 June 2030, 10:30 in Cincinnati.
const NOW = new Date('2030-06-14T10:30:00-04:00');
const visit: MovableVisit = {
  status: 'pending',
  scheduledDate: '2030-06-15',
  scheduledTime: '14:00:00',
};
const to = (date: string, time: string) => ({ date, time });
const conflict = (message: string) => ({ code: ERROR_CODES.conflict, message });

describe('moving a visit to another hour', () => {
  it.each(['pending', 'assigned', 'accepted'] as const)('takes another hour while %s', (status) => {
    expect(checkReschedule({ ...visit, status }, to('2030-06-16', '09:00:00'), NOW)).toBeNull();
    expect(checkReschedule({ ...visit, status }, to('2030-06-15', '15:00:00'), NOW)).toBeNull();
  });

  it.each(['en_route', 'on_location'] as const)('refuses once the van left (%s)', (status) => {
    expect(checkReschedule({ ...visit, status }, to('2030-06-16', '09:00:00'), NOW)).toEqual(
      conflict(TRACKING_MESSAGES.onTheWay),
    );
  });

  it.each(['completed', 'declined', 'cancelled'] as const)(
    'refuses a closed visit (%s)',
    (status) => {
      expect(checkReschedule({ ...visit, status }, to('2030-06-16', '09:00:00'), NOW)).toEqual(
        conflict(TRACKING_MESSAGES.closed),
      );
    },
  );

  it('refuses an ASAP visit', () => {
    const asap = { ...visit, scheduledDate: null, scheduledTime: null };
    expect(checkReschedule(asap, to('2030-06-16', '09:00:00'), NOW)).toEqual(
      conflict(TRACKING_MESSAGES.notScheduled),
    );
  });

  it('lets staff give an ASAP visit an hour, by the same rules', () => {
    const asap = { ...visit, scheduledDate: null, scheduledTime: null };
    expect(checkReschedule(asap, to('2030-06-16', '09:00:00'), NOW, 'staff')).toBeNull();
    expect(checkReschedule(asap, to('2030-06-14', '10:00:00'), NOW, 'staff')).toMatchObject({
      message: BOOKING_MESSAGES.timeHasPassed,
    });
  });

  it('holds staff to the van and the closed visit like the customer', () => {
    const away = { ...visit, status: 'en_route' as const };
    expect(checkReschedule(away, to('2030-06-16', '09:00:00'), NOW, 'staff')).toEqual(
      conflict(TRACKING_MESSAGES.onTheWay),
    );
    expect(checkReschedule(visit, to('2030-06-15', '14:00:00'), NOW, 'staff')).toEqual(
      conflict(TRACKING_MESSAGES.sameHour),
    );
  });

  it('refuses the hour it already has', () => {
    expect(checkReschedule(visit, to('2030-06-15', '14:00:00'), NOW)).toEqual(
      conflict(TRACKING_MESSAGES.sameHour),
    );
  });

  it('holds the new hour to the rules of a new booking', () => {
    expect(checkReschedule(visit, to('2030-06-14', '10:00:00'), NOW)).toMatchObject({
      code: ERROR_CODES.validation,
      message: BOOKING_MESSAGES.timeHasPassed,
    });
    expect(checkReschedule(visit, to('2030-06-15', '22:00:00'), NOW)).toMatchObject({
      message: BOOKING_MESSAGES.hourOutOfRange,
    });
    expect(checkReschedule(visit, to('2030-06-21', '10:00:00'), NOW)).toMatchObject({
      message: BOOKING_MESSAGES.dateOutOfRange,
    });
  });
});
