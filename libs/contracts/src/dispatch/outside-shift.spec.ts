import {
  isOutsideShift,
  outsideShiftLabel,
  strandedJobLine,
  type ShiftBoundJob,
} from './outside-shift';
import type { ScheduleFacts } from './shifts';

// Sunday 29 November 2026 (weekday 0) in Cincinnati.
const SUN = '2026-11-29';

const dana = (overrides: Partial<ScheduleFacts> = {}): ScheduleFacts => ({
  technicianId: 7,
  weekly: [{ weekday: 0, start: '09:00', end: '13:00' }],
  exceptions: [],
  ...overrides,
});

const job = (overrides: Partial<ShiftBoundJob> = {}): ShiftBoundJob => ({
  status: 'assigned',
  technicianId: 7,
  preferredTime: '10:00',
  scheduledDate: SUN,
  scheduledTime: '10:00',
  ...overrides,
});

describe('a job outside its technician’s shifts', () => {
  it('is inside while a shift covers the booked start, outside on a day off', () => {
    expect(isOutsideShift(job(), [dana()])).toBe(false);
    expect(isOutsideShift(job(), [dana({ exceptions: [{ date: SUN, shifts: [] }] })])).toBe(true);
  });

  it('counts the booked start: the shift’s last hour is inside, its end is outside', () => {
    expect(isOutsideShift(job({ scheduledTime: '12:00' }), [dana()])).toBe(false);
    expect(isOutsideShift(job({ scheduledTime: '13:00' }), [dana()])).toBe(true);
    expect(isOutsideShift(job({ scheduledTime: '08:30' }), [dana()])).toBe(true);
  });

  it('is outside when a shorter shift on that date ends before the job', () => {
    const shorter = dana({
      exceptions: [{ date: SUN, shifts: [{ start: '09:00', end: '10:00' }] }],
    });
    expect(isOutsideShift(job({ scheduledTime: '09:00' }), [shorter])).toBe(false);
    expect(isOutsideShift(job({ scheduledTime: '10:00' }), [shorter])).toBe(true);
  });

  it('only binds assigned and accepted jobs', () => {
    const off = [dana({ exceptions: [{ date: SUN, shifts: [] }] })];
    expect(isOutsideShift(job({ status: 'accepted' }), off)).toBe(true);
    for (const status of [
      'pending',
      'en_route',
      'on_location',
      'completed',
      'declined',
      'cancelled',
    ] as const) {
      expect(isOutsideShift(job({ status }), off)).toBe(false);
    }
    expect(isOutsideShift(job({ technicianId: null }), off)).toBe(false);
  });

  it('never marks an ASAP request: it has no booked hour', () => {
    const off = [dana({ exceptions: [{ date: SUN, shifts: [] }] })];
    expect(isOutsideShift(job({ preferredTime: 'ASAP' }), off)).toBe(false);
    expect(isOutsideShift(job({ scheduledDate: null }), off)).toBe(false);
  });

  it('marks nobody before any shift is entered, and a technician without a schedule once one is', () => {
    const empty = dana({ weekly: [] });
    expect(isOutsideShift(job(), [empty])).toBe(false);
    expect(isOutsideShift(job({ technicianId: 8 }), [dana()])).toBe(true);
  });
});

describe('how the warning names things', () => {
  it('marks by the first name', () => {
    expect(outsideShiftLabel('Dana Reyes')).toBe("Outside Dana's shift");
  });

  it('names a job by reference, booked hour and customer', () => {
    const line = {
      id: 12,
      reference: 'CB-7K3Q9',
      customerName: 'Pat Smith',
      scheduledDate: SUN,
      scheduledTime: '10:00',
    };
    expect(strandedJobLine(line)).toBe('CB-7K3Q9 Sun, Nov 29 at 10 AM, Pat Smith');
    expect(strandedJobLine({ ...line, reference: null })).toBe(
      'Job #12 Sun, Nov 29 at 10 AM, Pat Smith',
    );
  });
});
