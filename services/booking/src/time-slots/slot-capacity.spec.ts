import type { ScheduleFacts, WeeklyShift } from '@cincy/contracts';
import { isSlotFull, slotCapacity, slotLockKey } from './slot-capacity';

// Saturday 15 June 2030 (weekday 6), and Sunday the 16th.
const SATURDAY = '2030-06-15';
const SUNDAY = '2030-06-16';

const schedule = (
  technicianId: number,
  weekly: WeeklyShift[],
  exceptions: ScheduleFacts['exceptions'] = [],
): ScheduleFacts => ({ technicianId, weekly, exceptions });
const saturdays = (start: string, end: string): WeeklyShift => ({ weekday: 6, start, end });
const noSchedules = { knownTechnicians: 0, schedules: [] };

describe('slot capacity', () => {
  it('is SLOT_CAPACITY when configured, whatever technicians and shifts booking knows', () => {
    expect(slotCapacity(2, noSchedules, SATURDAY, 9)).toBe(2);
    expect(slotCapacity(3, { knownTechnicians: 7, schedules: [] }, SATURDAY, 9)).toBe(3);
    const nobodyOnSunday = {
      knownTechnicians: 1,
      schedules: [schedule(1, [saturdays('09:00', '17:00')])],
    };
    expect(slotCapacity(2, nobodyOnSunday, SUNDAY, 9)).toBe(2);
  });

  describe('without schedules', () => {
    it('is the number of known technicians', () => {
      expect(slotCapacity(undefined, { knownTechnicians: 4, schedules: [] }, SATURDAY, 9)).toBe(4);
    });

    it('is at least one, so an empty technicians table does not close the grid', () => {
      expect(slotCapacity(undefined, noSchedules, SATURDAY, 9)).toBe(1);
    });

    it('counts empty schedules as none (a technician whose shifts were all removed)', () => {
      const empty = { knownTechnicians: 3, schedules: [schedule(1, [])] };
      expect(slotCapacity(undefined, empty, SATURDAY, 9)).toBe(3);
    });
  });

  describe('once shifts are in use', () => {
    const staffing = {
      knownTechnicians: 5, // the two without a schedule do not count
      schedules: [
        schedule(1, [saturdays('09:00', '17:00')]),
        schedule(2, [saturdays('12:00', '21:00')]),
        // Off this Saturday, on an exception; works Sunday mornings.
        schedule(
          3,
          [saturdays('09:00', '21:00'), { weekday: 0, start: '09:00', end: '12:00' }],
          [{ date: SATURDAY, shifts: [] }],
        ),
      ],
    };

    it.each([
      [9, 1],
      [11, 1],
      [12, 2],
      [16, 2],
      [17, 1], // a shift ending at 17:00 does not count for the 17:00 hour
      [20, 1],
      [21, 0],
    ])('holds at %i:00 one booking per technician on shift (%i)', (hour, expected) => {
      expect(slotCapacity(undefined, staffing, SATURDAY, hour)).toBe(expected);
    });

    it('is zero, a full hour, when nobody is on shift', () => {
      expect(slotCapacity(undefined, staffing, SUNDAY, 13)).toBe(0);
      expect(isSlotFull(0, slotCapacity(undefined, staffing, SUNDAY, 13))).toBe(true);
    });

    it("follows a date's exception over the weekly pattern", () => {
      const late = schedule(
        4,
        [saturdays('09:00', '12:00')],
        [{ date: SATURDAY, shifts: [{ start: '18:00', end: '20:00' }] }],
      );
      const only = { knownTechnicians: 1, schedules: [late] };
      expect(slotCapacity(undefined, only, SATURDAY, 9)).toBe(0);
      expect(slotCapacity(undefined, only, SATURDAY, 18)).toBe(1);
      expect(slotCapacity(undefined, only, '2030-06-22', 9)).toBe(1);
    });
  });

  it('is full once the bookings reach it', () => {
    expect(isSlotFull(1, 2)).toBe(false);
    expect(isSlotFull(2, 2)).toBe(true);
    expect(isSlotFull(3, 2)).toBe(true);
    expect(isSlotFull(0, 0)).toBe(true);
  });

  it('locks one hour of one day', () => {
    expect(slotLockKey('2030-06-15', 9)).toBe('2030-06-15T09');
    expect(slotLockKey('2030-06-15', 9)).not.toBe(slotLockKey('2030-06-15', 10));
  });
});
