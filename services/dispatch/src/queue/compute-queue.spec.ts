import { ESTIMATE, Point, ScheduleFacts, estimateDrive } from '@cincy/contracts';
import { autoAssignments } from './auto-dispatch';
import { QueueJob, computeQueue, queueChanged } from './compute-queue';

// Wednesday 25 November 2026, noon in Cincinnati (EST, UTC-5).
const NOW = new Date('2026-11-25T17:00:00Z');
const MINUTE = 60_000;

const DOWNTOWN: Point = { lat: 39.1, lng: -84.51 };
const NEAR: Point = { lat: 39.11, lng: -84.51 }; // about 1 km north
const FAR: Point = { lat: 39.2, lng: -84.51 }; // about 11 km north
const WEST: Point = { lat: 39.1, lng: -84.6 };
const MID: Point = { lat: 39.15, lng: -84.51 }; // about 5.5 km north

const allDay = (technicianId: number): ScheduleFacts => ({
  technicianId,
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  exceptions: [],
});
const dayOff = (technicianId: number): ScheduleFacts => ({
  technicianId,
  weekly: [],
  exceptions: [{ date: '2026-11-25', shifts: [] }],
});

let nextId = 1;
function job(overrides: Partial<QueueJob> = {}): QueueJob {
  const id = nextId++;
  return {
    id,
    status: 'pending',
    priority: 'normal',
    preferredTime: 'ASAP',
    scheduledDate: null,
    scheduledTime: null,
    requestedAt: new Date(NOW.getTime() - (100 - id) * MINUTE),
    technicianId: null,
    customerLocation: DOWNTOWN,
    onLocationAt: null,
    ...overrides,
  };
}

const drive = (from: Point, to: Point) => estimateDrive(from, to).minutes;
const waitOf = (minutes: number) => Math.round(minutes);

describe('computeQueue', () => {
  it('lists open ASAP requests not yet on the way, most urgent first, then oldest', () => {
    const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MINUTE);
    const low = job({ priority: 'low', requestedAt: ago(90) });
    const normalOld = job({ requestedAt: ago(60) });
    const accepted = job({ status: 'accepted', technicianId: 1, requestedAt: ago(50) });
    const assigned = job({ status: 'assigned', technicianId: 1, requestedAt: ago(40) });
    const normalNew = job({ requestedAt: ago(5) });
    const high = job({ priority: 'high', requestedAt: ago(3) });
    const urgent = job({ priority: 'urgent', requestedAt: ago(1) });
    const excluded = [
      job({ status: 'en_route', technicianId: 2 }),
      job({ status: 'on_location', technicianId: 2 }),
      job({ status: 'completed' }),
      job({ status: 'declined' }),
      job({ preferredTime: '14:00', scheduledDate: '2026-11-25' }),
    ];
    const queue = computeQueue(
      [normalNew, low, ...excluded, accepted, normalOld, urgent, assigned, high],
      [],
      [],
      NOW,
    );
    expect(queue.map((e) => e.appointmentId)).toEqual(
      [urgent, high, normalOld, accepted, assigned, normalNew, low].map((j) => j.id),
    );
    expect(queue.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has no wait while nobody is on shift', () => {
    const queue = computeQueue([job()], [{ id: 1, position: NEAR }], [dayOff(1)], NOW);
    expect(queue).toEqual([
      expect.objectContaining({
        technicianId: null,
        estimatedWaitMinutes: null,
        estimatedArrivalAt: null,
      }),
    ]);
  });

  it('sends a free technician on shift: the wait is the drive', () => {
    const [entry] = computeQueue([job()], [{ id: 1, position: NEAR }], [allDay(1)], NOW);
    const minutes = drive(NEAR, DOWNTOWN);
    expect(entry).toEqual({
      appointmentId: expect.any(Number),
      position: 1,
      technicianId: 1,
      estimatedWaitMinutes: waitOf(minutes),
      estimatedArrivalAt: new Date(NOW.getTime() + minutes * MINUTE),
    });
  });

  it('gives the next request to the same technician after an install and the drive on', () => {
    const [first, second] = [job(), job({ customerLocation: WEST })];
    const queue = computeQueue([first, second], [{ id: 1, position: NEAR }], [allDay(1)], NOW);
    const firstArrival = drive(NEAR, DOWNTOWN);
    expect(queue[1]).toMatchObject({
      technicianId: 1,
      estimatedWaitMinutes: waitOf(firstArrival + ESTIMATE.installMinutes + drive(DOWNTOWN, WEST)),
    });
  });

  it("uses the day's measured install time when given", () => {
    const queue = computeQueue([job(), job()], [{ id: 1, position: NEAR }], [allDay(1)], NOW, 35);
    expect(queue[1].estimatedWaitMinutes).toBe(
      waitOf(drive(NEAR, DOWNTOWN) + 35 + ESTIMATE.departureMinutes),
    );
  });

  it('picks whoever arrives first: a farther free technician before a near one still installing', () => {
    const busy = job({
      status: 'on_location',
      technicianId: 1,
      customerLocation: NEAR,
      onLocationAt: new Date(NOW.getTime() - 5 * MINUTE),
    });
    const request = job();
    const technicians = [
      { id: 1, position: NEAR },
      { id: 2, position: MID },
    ];
    const [entry] = computeQueue([busy, request], technicians, [allDay(1), allDay(2)], NOW);
    const midDrive = drive(MID, DOWNTOWN);
    const nearAfterInstall = ESTIMATE.installMinutes - 5 + drive(NEAR, DOWNTOWN);
    expect(midDrive).toBeLessThan(nearAfterInstall); // the fixture's premise
    expect(entry).toMatchObject({ technicianId: 2, estimatedWaitMinutes: waitOf(midDrive) });

    // Once the farther one is off shift, the busy one comes after the install.
    const [later] = computeQueue([busy, request], technicians, [allDay(1), dayOff(2)], NOW);
    expect(later).toMatchObject({
      technicianId: 1,
      estimatedWaitMinutes: waitOf(nearAfterInstall),
    });
  });

  it('gives an assigned request to its technician, even when another is nearer', () => {
    const request = job({ status: 'assigned', technicianId: 2 });
    const [entry] = computeQueue(
      [request],
      [
        { id: 1, position: NEAR },
        { id: 2, position: FAR },
      ],
      [allDay(1), allDay(2)],
      NOW,
    );
    expect(entry).toMatchObject({
      technicianId: 2,
      estimatedWaitMinutes: waitOf(drive(FAR, DOWNTOWN)),
    });
  });

  it('lets an accepted request go first for its technician, whatever its place in the queue', () => {
    const urgent = job({ priority: 'urgent', status: 'assigned', technicianId: 1 });
    const accepted = job({ status: 'accepted', technicianId: 1, customerLocation: WEST });
    const queue = computeQueue([urgent, accepted], [{ id: 1, position: NEAR }], [allDay(1)], NOW);
    expect(queue.map((e) => e.appointmentId)).toEqual([urgent.id, accepted.id]);
    const toWest = drive(NEAR, WEST);
    expect(queue[1].estimatedWaitMinutes).toBe(waitOf(toWest));
    expect(queue[0].estimatedWaitMinutes).toBe(
      waitOf(toWest + ESTIMATE.installMinutes + drive(WEST, DOWNTOWN)),
    );
  });

  it('counts a visit accepted ahead only once its hour has come', () => {
    const request = job();
    const tomorrow = { preferredTime: '2026-11-26', scheduledDate: '2026-11-26' };
    const ahead = job({ status: 'accepted', technicianId: 1, customerLocation: FAR, ...tomorrow });
    const technicians = [{ id: 1, position: NEAR }];
    const [entry] = computeQueue(
      [request, { ...ahead, scheduledTime: '10:00:00' }],
      technicians,
      [allDay(1)],
      NOW,
    );
    expect(entry).toMatchObject({
      technicianId: 1,
      estimatedWaitMinutes: waitOf(drive(NEAR, DOWNTOWN)),
    });
    // This morning's visit, accepted and due: the drive there and its install come first.
    const due = {
      ...ahead,
      scheduledDate: '2026-11-25',
      preferredTime: '2026-11-25',
      scheduledTime: '11:00:00',
    };
    const [after] = computeQueue([request, due], technicians, [allDay(1)], NOW);
    expect(after.estimatedWaitMinutes).toBe(
      waitOf(drive(NEAR, FAR) + ESTIMATE.installMinutes + drive(FAR, DOWNTOWN)),
    );
  });

  it('has a technician off shift set out for their own request when their shift begins', () => {
    // 5:30 AM; the technician works 8 AM-9 PM and accepted the request last night.
    const night = new Date('2026-11-25T10:30:00Z');
    const eightToNine: ScheduleFacts = {
      technicianId: 1,
      weekly: [{ weekday: 3, start: '08:00', end: '21:00' }],
      exceptions: [],
    };
    const accepted = job({ status: 'accepted', technicianId: 1 });
    const [entry] = computeQueue([accepted], [{ id: 1, position: NEAR }], [eightToNine], night);
    const eight = new Date('2026-11-25T13:00:00Z');
    expect(entry.estimatedArrivalAt).toEqual(
      new Date(eight.getTime() + drive(NEAR, DOWNTOWN) * MINUTE),
    );
    expect(entry.estimatedWaitMinutes).toBe(waitOf(150 + drive(NEAR, DOWNTOWN)));
    // 11 PM, the shift over: tomorrow's, not now.
    const late = new Date('2026-11-26T04:00:00Z');
    const daily: ScheduleFacts = {
      ...eightToNine,
      weekly: [3, 4].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
    };
    const [tonight] = computeQueue([accepted], [{ id: 1, position: NEAR }], [daily], late);
    expect(tonight.estimatedArrivalAt).toEqual(
      new Date(new Date('2026-11-26T13:00:00Z').getTime() + drive(NEAR, DOWNTOWN) * MINUTE),
    );
    // No shift within a week: they come now, as they chose to take it.
    const [offAllDay] = computeQueue([accepted], [{ id: 1, position: NEAR }], [dayOff(1)], night);
    expect(offAllDay.estimatedWaitMinutes).toBe(waitOf(drive(NEAR, DOWNTOWN)));
  });

  it('tells a changed queue from the same one computed again', () => {
    const jobs = [job(), job()];
    const technicians = [{ id: 1, position: NEAR }];
    const a = computeQueue(jobs, technicians, [allDay(1)], NOW);
    const b = computeQueue(jobs, technicians, [allDay(1)], new Date(NOW.getTime() + 1000));
    expect(queueChanged(a, b)).toBe(false);
    expect(queueChanged(a, a.slice(1))).toBe(true);
    expect(queueChanged(a, [{ ...a[0], technicianId: 2 }, a[1]])).toBe(true);
    expect(queueChanged(a, [a[0], { ...a[1], estimatedWaitMinutes: 99 }])).toBe(true);
  });
});

describe('autoAssignments', () => {
  const technicians = [
    { id: 1, position: FAR },
    { id: 2, position: NEAR },
    { id: 3, position: null },
  ];

  it('gives each unassigned pending request, in queue order, to the nearest free technician', () => {
    const first = job({ priority: 'high' });
    const second = job();
    const third = job();
    const fourth = job();
    const result = autoAssignments(
      [fourth, second, first, third],
      technicians,
      [allDay(1), allDay(2), allDay(3)],
      NOW,
    );
    expect(result).toEqual([
      { appointmentId: first.id, technicianId: 2 },
      { appointmentId: second.id, technicianId: 1 },
      // last seen nowhere: after every technician with a position
      { appointmentId: third.id, technicianId: 3 },
    ]);
  });

  it("prefers a free van carrying the job's battery, then the nearest (issue 37)", () => {
    const needsH6 = job({ battery: { groupSize: '48', technology: 'AGM' } });
    const unknown = job();
    const vans = new Map([[1, [{ groupSize: 'H6', technology: 'AGM' as const }]]]);
    const schedules = [allDay(1), allDay(2), allDay(3)];
    expect(autoAssignments([needsH6, unknown], technicians, schedules, NOW, vans)).toEqual([
      { appointmentId: needsH6.id, technicianId: 1 },
      { appointmentId: unknown.id, technicianId: 2 },
    ]);
    // No van has it: the nearest, as before.
    expect(autoAssignments([needsH6], technicians, schedules, NOW)).toEqual([
      { appointmentId: needsH6.id, technicianId: 2 },
    ]);
  });

  it('passes over technicians off shift, busy, or with a job assigned, and leaves the request waiting', () => {
    const request = job();
    const jobs = [
      request,
      job({ status: 'en_route', technicianId: 2 }),
      job({
        status: 'assigned',
        technicianId: 3,
        scheduledDate: '2026-11-25',
        preferredTime: '15:00',
      }),
    ];
    expect(autoAssignments(jobs, technicians, [dayOff(1), allDay(2), allDay(3)], NOW)).toEqual([]);
    expect(autoAssignments(jobs, technicians, [allDay(1), allDay(2), allDay(3)], NOW)).toEqual([
      { appointmentId: request.id, technicianId: 1 },
    ]);
  });

  it('does not count a visit for a later hour, assigned or accepted ahead, as taking its technician', () => {
    const request = job();
    const later = (status: 'assigned' | 'accepted', date: string) =>
      job({
        status,
        technicianId: 2,
        preferredTime: date,
        scheduledDate: date,
        scheduledTime: '17:00:00',
      });
    for (const visit of [later('assigned', '2026-11-25'), later('accepted', '2026-11-26')])
      expect(autoAssignments([request, visit], technicians, [allDay(2)], NOW)).toEqual([
        { appointmentId: request.id, technicianId: 2 },
      ]);
  });

  it('leaves assigned and accepted requests to their technicians', () => {
    const jobs = [
      job({ status: 'assigned', technicianId: 1 }),
      job({ status: 'accepted', technicianId: 1 }),
    ];
    expect(autoAssignments(jobs, technicians, [allDay(2)], NOW)).toEqual([]);
  });
});
