import { ERROR_CODES, ESTIMATE, ScheduleFacts } from '@cincy/contracts';
import { DAY_MESSAGES, DayJobFacts, buildDayView, checkDayInRange, placeJob } from './day-view';

// Wednesday 25 November 2026, 10:00 in Cincinnati (EST, UTC-5).
const NOW = new Date('2026-11-25T15:00:00Z');
const DATE = '2026-11-25';
const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

const schedule = (technicianId: number, start: string, end: string): ScheduleFacts => ({
  technicianId,
  weekly: [{ weekday: 3, start, end }],
  exceptions: [],
});

let nextId = 1;
function job(overrides: Partial<DayJobFacts> = {}): DayJobFacts {
  return {
    id: nextId++,
    customerName: 'Jane',
    status: 'pending',
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    scheduledStartTime: null,
    requestedAt: at('2026-11-25T14:30:00Z'),
    technicianId: null,
    onLocationAt: null,
    completedAt: null,
    version: 1,
    ...overrides,
  };
}

describe('checkDayInRange', () => {
  it.each(['2026-11-18', '2026-11-25', '2026-12-01'])(
    'accepts %s (today - 7 to today + 6)',
    (d) => {
      expect(checkDayInRange(d, NOW)).toBeNull();
    },
  );

  it.each(['2026-11-17', '2026-12-02'])('refuses %s on the field date', (d) => {
    expect(checkDayInRange(d, NOW)).toEqual({
      code: ERROR_CODES.validation,
      message: DAY_MESSAGES.outOfRange,
      field: 'date',
    });
  });

  it("counts from Cincinnati's today, not UTC's", () => {
    // 01:00 UTC on the 26th is still the 25th in Cincinnati: the 2nd is today + 7 there.
    expect(checkDayInRange('2026-12-02', at('2026-11-26T01:00:00Z'))).not.toBeNull();
    expect(checkDayInRange('2026-11-18', at('2026-11-26T01:00:00Z'))).toBeNull();
  });
});

describe('placeJob', () => {
  it('uses a completed job’s own times, marked measured', () => {
    const placed = placeJob(
      job({
        status: 'completed',
        technicianId: 1,
        onLocationAt: at('2026-11-25T14:00:00Z'),
        completedAt: at('2026-11-25T14:17:00Z'),
      }),
      new Map(),
    );
    expect(placed).toMatchObject({
      start: '2026-11-25T14:00:00.000Z',
      end: '2026-11-25T14:17:00.000Z',
      measured: true,
      kind: 'asap',
    });
  });

  it('puts a scheduled job at its hour for an install', () => {
    const placed = placeJob(
      job({
        preferredTime: '14:00',
        scheduledDate: DATE,
        scheduledTime: '14:00:00',
        scheduledStartTime: at('2026-11-25T19:00:00Z'),
      }),
      new Map(),
    );
    expect(placed).toMatchObject({
      kind: 'scheduled',
      start: '2026-11-25T19:00:00.000Z',
      end: new Date(
        at('2026-11-25T19:00:00Z').getTime() + ESTIMATE.installMinutes * MINUTE,
      ).toISOString(),
      measured: false,
    });
  });

  it("puts an open ASAP request at the queue's arrival, else at its request", () => {
    const waiting = job();
    const arrival = at('2026-11-25T15:12:00Z');
    expect(placeJob(waiting, new Map([[waiting.id, arrival]])).start).toBe(arrival.toISOString());
    expect(placeJob(waiting, new Map()).start).toBe(waiting.requestedAt.toISOString());
  });

  it('draws an overdue ASAP request from now, where its label says, not at its request', () => {
    // Asked for at 9:30, nobody there yet at 10:00: it is done from 10:00 on.
    const overdue = job({ status: 'assigned', technicianId: 1 });
    expect(placeJob(overdue, new Map(), NOW)).toMatchObject({
      start: NOW.toISOString(),
      end: new Date(NOW.getTime() + ESTIMATE.installMinutes * MINUTE).toISOString(),
    });
    const stale = at('2026-11-25T14:50:00Z');
    expect(placeJob(overdue, new Map([[overdue.id, stale]]), NOW).start).toBe(NOW.toISOString());
    const later = at('2026-11-25T15:40:00Z');
    expect(placeJob(overdue, new Map([[overdue.id, later]]), NOW).start).toBe(later.toISOString());
    // A booked hour and a technician at the door keep their own times.
    const there = job({ status: 'on_location', onLocationAt: at('2026-11-25T14:40:00Z') });
    expect(placeJob(there, new Map(), NOW).start).toBe('2026-11-25T14:40:00.000Z');
  });
});

describe('buildDayView', () => {
  it('gives each technician on shift that day a row of their jobs in time order, and lists the open ones nobody has', () => {
    const late = job({
      technicianId: 1,
      status: 'assigned',
      requestedAt: at('2026-11-25T16:00:00Z'),
    });
    const early = job({
      technicianId: 1,
      status: 'accepted',
      requestedAt: at('2026-11-25T13:00:00Z'),
    });
    const open = job();
    const view = buildDayView(
      DATE,
      NOW,
      [
        { id: 1, name: 'Tess' },
        { id: 2, name: 'Otto' },
        { id: 3, name: 'Off Today' },
      ],
      [
        schedule(1, '08:00', '16:00'),
        schedule(2, '12:00', '20:00'),
        { technicianId: 3, weekly: [], exceptions: [] },
      ],
      [late, open, early],
      new Map(),
    );
    expect(view.rows.map((r) => [r.name, r.onShiftNow, r.jobs.map((j) => j.id)])).toEqual([
      ['Tess', true, [early.id, late.id]],
      ['Otto', false, []],
    ]);
    expect(view.rows[0].shifts).toEqual([{ start: '08:00', end: '16:00' }]);
    expect(view.unassigned.map((j) => j.id)).toEqual([open.id]);
  });

  it('keeps a row for a technician off shift who still has a job that day', () => {
    const done = job({
      technicianId: 3,
      status: 'completed',
      completedAt: at('2026-11-25T14:00:00Z'),
    });
    const view = buildDayView(DATE, NOW, [{ id: 3, name: 'Off' }], [], [done], new Map());
    expect(view.rows).toEqual([
      expect.objectContaining({
        technicianId: 3,
        shifts: [],
        jobs: [expect.objectContaining({ id: done.id })],
      }),
    ]);
  });

  it("draws an open request the queue places tomorrow morning on tomorrow's view, not at tonight's edge", () => {
    // 11 PM: Tess accepted a request; her next shift starts at 8 AM, and the queue says 8:30.
    const night = at('2026-11-26T04:00:00Z');
    const accepted = job({ technicianId: 1, status: 'accepted' });
    const done = job({
      technicianId: 1,
      status: 'completed',
      onLocationAt: at('2026-11-25T20:00:00Z'),
      completedAt: at('2026-11-25T20:20:00Z'),
    });
    const arrivals = new Map([[accepted.id, at('2026-11-26T13:30:00Z')]]);
    const tess = [{ id: 1, name: 'Tess' }];
    const shifts = [
      {
        ...schedule(1, '08:00', '16:00'),
        weekly: [3, 4].map((weekday) => ({ weekday, start: '08:00', end: '16:00' })),
      },
    ];
    // Each day's jobs as the repository reads them: the finished one is the 25th's alone.
    const jobsOn = (date: string, jobs: DayJobFacts[]) =>
      buildDayView(date, night, tess, shifts, jobs, arrivals).rows.flatMap((r) =>
        r.jobs.map((j) => [j.id, j.start]),
      );
    expect(jobsOn(DATE, [accepted, done])).toEqual([[done.id, '2026-11-25T20:00:00.000Z']]);
    expect(jobsOn('2026-11-26', [accepted])).toEqual([[accepted.id, '2026-11-26T13:30:00.000Z']]);
  });

  it('marks an assigned job booked for an hour its technician no longer works (ADR 0102)', () => {
    const booked = (time: string, status: 'assigned' | 'accepted' | 'pending') =>
      job({
        technicianId: status === 'pending' ? null : 1,
        status,
        preferredTime: time,
        scheduledDate: DATE,
        scheduledTime: time,
      });
    const inside = booked('10:00', 'assigned');
    const after = booked('13:00', 'accepted');
    const open = booked('14:00', 'pending');
    const view = buildDayView(
      DATE,
      NOW,
      [{ id: 1, name: 'Tess' }],
      [schedule(1, '08:00', '12:00')],
      [inside, after, open],
      new Map(),
    );
    const marked = (id: number) =>
      [...view.rows.flatMap((r) => r.jobs), ...view.unassigned].find((j) => j.id === id)
        ?.outsideShift;
    expect(marked(inside.id)).toBeUndefined();
    expect(marked(after.id)).toBe(true);
    expect(marked(open.id)).toBeUndefined();
  });
});
