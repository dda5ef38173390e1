import { BOOKING_MESSAGES, ERROR_CODES } from '@cincy/contracts';
import { checkBookableDate, checkScheduledSlot, timeSlotAnswers } from './time-slot-rules';

// Friday 14 June 2030, 10:30 in Cincinnati (EDT, UTC-4); at 02:30 UTC the next day it is still the 14th there.
const NOW = new Date('2030-06-14T10:30:00-04:00');
const LATE_EVENING = new Date('2030-06-15T02:30:00Z');

describe('time slot rules', () => {
  describe('bookable dates', () => {
    it.each(['2030-06-14', '2030-06-17', '2030-06-20'])(
      'accepts %s (today to today + 6)',
      (date) => {
        expect(checkBookableDate(date, NOW)).toBeNull();
      },
    );

    it.each([
      ['yesterday', '2030-06-13'],
      ['today + 7', '2030-06-21'],
      ['a day that does not exist', '2030-02-30'],
    ])('refuses %s', (_, date) => {
      expect(checkBookableDate(date, NOW)).toEqual({
        code: ERROR_CODES.validation,
        message: BOOKING_MESSAGES.dateOutOfRange,
        field: 'date',
      });
    });

    it('counts days on the business clock, not UTC', () => {
      expect(checkBookableDate('2030-06-14', LATE_EVENING)).toBeNull();
      expect(checkBookableDate('2030-06-21', LATE_EVENING)).not.toBeNull();
    });
  });

  describe('scheduled bookings', () => {
    it('accepts a later hour today and any grid hour in the window', () => {
      expect(checkScheduledSlot('2030-06-14', '11:00:00', NOW)).toBeNull();
      expect(checkScheduledSlot('2030-06-20', '21:00:00', NOW)).toBeNull();
      expect(checkScheduledSlot('2030-06-15', '09:00:00', NOW)).toBeNull();
    });

    it.each([
      ['before 9', '08:00:00'],
      ['after 21', '22:00:00'],
      ['not on the hour', '14:30:00'],
      ['with seconds', '14:00:15'],
    ])('refuses a time %s', (_, time) => {
      expect(checkScheduledSlot('2030-06-15', time, NOW)).toEqual({
        code: ERROR_CODES.validation,
        message: BOOKING_MESSAGES.hourOutOfRange,
        field: 'scheduledTime',
      });
    });

    it('refuses an hour that has passed today', () => {
      expect(checkScheduledSlot('2030-06-14', '10:00:00', NOW)).toMatchObject({
        message: BOOKING_MESSAGES.timeHasPassed,
        field: 'scheduledTime',
      });
    });

    it('refuses a date outside the window, on the date field', () => {
      expect(checkScheduledSlot('2030-06-21', '10:00:00', NOW)).toMatchObject({
        field: 'scheduledDate',
      });
    });
  });

  describe('answers', () => {
    it('marks passed hours today, full hours, and leaves the rest open', () => {
      const answers = timeSlotAnswers(
        '2030-06-14',
        NOW,
        new Map([
          [14, 2],
          [15, 1],
          [10, 5],
        ]),
        () => 2,
      );
      expect(answers).toHaveLength(13);
      expect(answers.slice(0, 3)).toEqual([
        { hour: 9, available: false, reason: 'Time has passed' },
        { hour: 10, available: false, reason: 'Time has passed' },
        { hour: 11, available: true },
      ]);
      expect(answers.find((a) => a.hour === 14)).toEqual({
        hour: 14,
        available: false,
        reason: 'Fully booked',
      });
      expect(answers.find((a) => a.hour === 15)).toEqual({ hour: 15, available: true });
    });

    it('marks an hour with no capacity (nobody on shift) outside working hours, each hour by its own', () => {
      const answers = timeSlotAnswers('2030-06-16', NOW, new Map([[12, 1]]), (hour) =>
        hour < 12 || hour === 21 ? 0 : 2,
      );
      expect(answers.find((a) => a.hour === 9)).toEqual({
        hour: 9,
        available: false,
        reason: 'Outside working hours',
      });
      expect(answers.find((a) => a.hour === 12)).toEqual({ hour: 12, available: true });
      // 9 PM after every shift has ended: nobody can come, which is not a booked-up hour.
      expect(answers.find((a) => a.hour === 21)).toEqual({
        hour: 21,
        available: false,
        reason: 'Outside working hours',
      });
    });

    it('keeps "Fully booked" for an hour whose places are all taken', () => {
      const answers = timeSlotAnswers('2030-06-16', NOW, new Map([[13, 1]]), () => 1);
      expect(answers.find((a) => a.hour === 13)).toEqual({
        hour: 13,
        available: false,
        reason: 'Fully booked',
      });
    });

    it('opens every hour of a later empty day', () => {
      expect(timeSlotAnswers('2030-06-16', NOW, new Map(), () => 1).every((a) => a.available)).toBe(
        true,
      );
    });
  });
});
