import type { AppointmentStatus } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import {
  assignmentActionsFor,
  canAcceptJob,
  hasActiveJob,
  heldStepReason,
  jobActionsFor,
  mayCancelVisit,
} from './job-actions.util';

const job = (id: number, status: AppointmentStatus, technicianId: number | null = null) =>
  dashboardAppointment(id, status, {
    technicianId,
    technicianUsername: technicianId === null ? null : `tech${technicianId}`,
    technician: technicianId === null ? null : { name: `Tech ${technicianId}` },
  });

/** Noon on Wednesday, Nov 25, 2026 in Cincinnati. */
const NOW = new Date('2026-11-25T17:00:00Z');
const TECH = { id: 7, role: 'technician', privileged: false } as const;
const OTHER_TECH = 8;
const ADMIN = { id: 1, role: 'admin', privileged: true } as const;
/** The one named account: a technician who may decline. */
const SUPERVISOR = { id: 9, role: 'technician', privileged: true } as const;

describe('hasActiveJob', () => {
  it.each(['accepted', 'en_route', 'on_location'] as const)('is true with a job %s', (status) => {
    expect(hasActiveJob([job(1, status, TECH.id)], TECH.id)).toBe(true);
  });

  it("is false for open or closed jobs, and for another technician's active job", () => {
    const board = [
      job(1, 'assigned', TECH.id),
      job(2, 'completed', TECH.id),
      job(3, 'declined', TECH.id),
      job(4, 'on_location', OTHER_TECH),
    ];
    expect(hasActiveJob(board, TECH.id)).toBe(false);
  });
});

describe('canAcceptJob', () => {
  it('allows an unassigned open job to a technician with no active job', () => {
    const pending = job(1, 'pending');
    expect(canAcceptJob(pending, TECH.id, [pending])).toBe(true);
  });

  it('allows a job assigned to the user', () => {
    const assigned = job(1, 'assigned', TECH.id);
    expect(canAcceptJob(assigned, TECH.id, [assigned])).toBe(true);
  });

  it('refuses a job assigned to someone else', () => {
    const assigned = job(1, 'assigned', OTHER_TECH);
    expect(canAcceptJob(assigned, TECH.id, [assigned])).toBe(false);
  });

  it.each(['accepted', 'en_route', 'on_location'] as const)(
    'refuses every job while the user has a job %s',
    (status) => {
      const pending = job(1, 'pending');
      expect(canAcceptJob(pending, TECH.id, [pending, job(2, status, TECH.id)])).toBe(false);
    },
  );

  it('is not held back by another technician being busy', () => {
    const pending = job(1, 'pending');
    expect(canAcceptJob(pending, TECH.id, [pending, job(2, 'en_route', OTHER_TECH)])).toBe(true);
  });

  it.each(['accepted', 'completed', 'declined'] as const)(
    'refuses a job that is already %s',
    (status) => {
      const taken = job(1, status, null);
      expect(canAcceptJob(taken, TECH.id, [taken])).toBe(false);
    },
  );
});

describe('jobActionsFor', () => {
  it('offers Accept Job on an open job, and Decline Call only to privileged users', () => {
    const pending = job(1, 'pending');
    expect(jobActionsFor(pending, TECH, [pending], NOW)).toEqual(['accept']);
    expect(jobActionsFor(pending, ADMIN, [pending], NOW)).toEqual(['accept', 'decline']);
    expect(jobActionsFor(pending, SUPERVISOR, [pending], NOW)).toEqual(['accept', 'decline']);
  });

  it('hides Accept Job on other cards while the technician has an active job', () => {
    const pending = job(1, 'pending');
    const mine = job(2, 'accepted', TECH.id);
    expect(jobActionsFor(pending, TECH, [pending, mine], NOW)).toEqual([]);
  });

  it.each([
    ['accepted', 'en_route'],
    ['en_route', 'on_location'],
    ['on_location', 'complete'],
  ] as const)("shows the job's technician the next step from %s: %s", (status, next) => {
    const mine = job(1, status, TECH.id);
    expect(jobActionsFor(mine, TECH, [mine], NOW)).toEqual([next]);
  });

  it("shows another technician's job in progress to a technician without buttons", () => {
    const theirs = job(1, 'en_route', OTHER_TECH);
    expect(jobActionsFor(theirs, TECH, [theirs], NOW)).toEqual([]);
    expect(jobActionsFor(theirs, SUPERVISOR, [theirs], NOW)).toEqual(['decline']);
  });

  it("lets an admin act for the job's technician, and decline while the job is open", () => {
    const theirs = job(1, 'on_location', OTHER_TECH);
    expect(jobActionsFor(theirs, ADMIN, [theirs], NOW)).toEqual(['complete', 'decline']);
  });

  it.each(['completed', 'declined'] as const)('offers nothing on a %s job', (status) => {
    const closed = job(1, status, TECH.id);
    expect(jobActionsFor(closed, ADMIN, [closed], NOW)).toEqual([]);
    expect(jobActionsFor(closed, TECH, [closed], NOW)).toEqual([]);
  });
});

describe('setting out before the visit’s day', () => {
  const sunday = (status: AppointmentStatus, technicianId: number | null) =>
    dashboardAppointment(1, status, {
      technicianId,
      preferredTime: '2026-11-29',
      scheduledDate: '2026-11-29',
      scheduledTime: '10:00:00',
    });
  const REASON = 'This visit is on Sun, Nov 29 at 10 AM. Set out on that day.';

  it('offers Accept Job ahead, but holds En Route back, saying when the visit is', () => {
    expect(jobActionsFor(sunday('pending', null), TECH, [], NOW)).toEqual(['accept']);
    const mine = sunday('accepted', TECH.id);
    expect(jobActionsFor(mine, TECH, [mine], NOW)).toEqual([]);
    expect(heldStepReason(mine, TECH, NOW)).toBe(REASON);
    expect(jobActionsFor(mine, ADMIN, [mine], NOW)).toEqual(['decline']);
  });

  it('offers En Route on the day (Cincinnati’s), and says nothing held for other jobs', () => {
    const mine = sunday('accepted', TECH.id);
    const sundayMorning = new Date('2026-11-29T12:00:00Z');
    expect(jobActionsFor(mine, TECH, [mine], sundayMorning)).toEqual(['en_route']);
    expect(heldStepReason(mine, TECH, sundayMorning)).toBeNull();
    // Someone else's job is not "held" for this technician: it is simply not theirs.
    expect(heldStepReason(sunday('accepted', OTHER_TECH), TECH, NOW)).toBeNull();
    expect(heldStepReason(sunday('assigned', TECH.id), TECH, NOW)).toBeNull();
    expect(heldStepReason(job(1, 'accepted', TECH.id), TECH, NOW)).toBeNull();
  });
});

describe('assignmentActionsFor', () => {
  it('gives an admin Assign on a pending job, Reassign and Unassign on an assigned one', () => {
    expect(assignmentActionsFor(job(1, 'pending'), ADMIN)).toEqual(['assign']);
    expect(assignmentActionsFor(job(1, 'assigned', TECH.id), ADMIN)).toEqual([
      'reassign',
      'unassign',
    ]);
  });

  it('gives an admin nothing once the job is under way or closed', () => {
    for (const status of ['accepted', 'en_route', 'on_location', 'completed', 'declined'] as const)
      expect(assignmentActionsFor(job(1, status, TECH.id), ADMIN)).toEqual([]);
  });

  it('gives the technician who has the job Hand back until they are on the way, and nobody else', () => {
    expect(assignmentActionsFor(job(1, 'assigned', TECH.id), TECH)).toEqual(['handBack']);
    expect(assignmentActionsFor(job(1, 'accepted', TECH.id), TECH)).toEqual(['handBack']);
    expect(assignmentActionsFor(job(1, 'assigned', OTHER_TECH), TECH)).toEqual([]);
    expect(assignmentActionsFor(job(1, 'accepted', OTHER_TECH), TECH)).toEqual([]);
    expect(assignmentActionsFor(job(1, 'en_route', TECH.id), TECH)).toEqual([]);
    expect(assignmentActionsFor(job(1, 'pending'), TECH)).toEqual([]);
  });

  it('does not give the supervisor (privileged, not an admin) the assignment buttons', () => {
    expect(assignmentActionsFor(job(1, 'pending'), SUPERVISOR)).toEqual([]);
  });
});

describe('mayCancelVisit', () => {
  it.each(['pending', 'assigned', 'accepted'] as const)(
    'lets admins and the supervisor cancel a visit %s',
    (status) => {
      expect(mayCancelVisit(job(1, status, TECH.id), ADMIN)).toBe(true);
      expect(mayCancelVisit(job(1, status, TECH.id), SUPERVISOR)).toBe(true);
      expect(mayCancelVisit(job(1, status, TECH.id), TECH)).toBe(false);
    },
  );

  it.each(['en_route', 'on_location', 'completed', 'declined', 'cancelled'] as const)(
    'not once the van left or the visit closed (%s)',
    (status) => {
      expect(mayCancelVisit(job(1, status, TECH.id), ADMIN)).toBe(false);
    },
  );
});
