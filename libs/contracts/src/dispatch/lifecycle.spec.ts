import { ERROR_CODES } from '../error-codes';
import { APPOINTMENT_STATUSES, AppointmentStatus } from '../enums';
import {
  ASSIGNMENT_RULE_MESSAGES,
  LIFECYCLE_MESSAGES,
  checkAssign,
  checkDeparture,
  checkHandBack,
  checkMove,
  checkStatusChange,
  checkUnassign,
  isAssignable,
  mayAct,
} from './lifecycle';

const tech = { id: 7, role: 'technician' };
const other = { id: 8, role: 'technician' };
const admin = { id: 1, role: 'admin' };

/** Noon on Wednesday, Nov 25, 2026 in Cincinnati. */
const NOW = new Date('2026-11-25T17:00:00Z');
const at = { now: NOW };

/** An ASAP job (no booked hour) unless `booked` says otherwise. */
const job = (
  status: AppointmentStatus,
  technicianId: number | null = null,
  booked: { scheduledDate: string; scheduledTime: string | null } | null = null,
) => ({
  status,
  technicianId,
  preferredTime: booked ? booked.scheduledDate : 'ASAP',
  scheduledDate: booked?.scheduledDate ?? null,
  scheduledTime: booked?.scheduledTime ?? null,
});

describe('the lifecycle table', () => {
  it('walks pending -> accepted -> en_route -> on_location for the job’s technician', () => {
    expect(checkStatusChange(job('pending'), 'accepted', tech, at)).toBeNull();
    expect(checkStatusChange(job('assigned', tech.id), 'accepted', tech, at)).toBeNull();
    expect(checkStatusChange(job('accepted', tech.id), 'en_route', tech, at)).toBeNull();
    expect(checkStatusChange(job('en_route', tech.id), 'on_location', tech, at)).toBeNull();
  });

  it('refuses a skipped step or a repeated one with 409', () => {
    expect(checkStatusChange(job('accepted', tech.id), 'on_location', tech, at)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: expect.stringMatching(/must be en route first/),
    });
    expect(checkStatusChange(job('en_route', tech.id), 'en_route', tech, at)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: 'This job is already en route.',
    });
    expect(checkStatusChange(job('pending'), 'en_route', tech, at)).toMatchObject({
      code: ERROR_CODES.conflict,
    });
    expect(checkStatusChange(job('accepted', tech.id), 'pending', tech, at)?.code).toBe(
      ERROR_CODES.conflict,
    );
  });

  it('completes only through a service record and declines only through its route', () => {
    expect(checkStatusChange(job('on_location', tech.id), 'completed', tech, at)?.message).toBe(
      LIFECYCLE_MESSAGES.completeThroughRecord,
    );
    expect(checkStatusChange(job('pending'), 'declined', admin, at)?.message).toMatch(
      /Decline Call/,
    );
  });

  it('lets a technician accept any open job only while they have no active one', () => {
    expect(
      checkMove(job('pending'), 'accepted', tech, { now: NOW, activeJobId: 42 }),
    ).toMatchObject({
      code: ERROR_CODES.conflict,
      message: LIFECYCLE_MESSAGES.finishCurrentJob,
    });
  });

  it('refuses to accept a job taken by someone else, or already accepted', () => {
    expect(checkMove(job('assigned', other.id), 'accepted', tech, at)?.message).toBe(
      LIFECYCLE_MESSAGES.takenByAnother,
    );
    expect(checkMove(job('accepted', other.id), 'accepted', tech, at)?.code).toBe(
      ERROR_CODES.conflict,
    );
    expect(checkMove(job('accepted', tech.id), 'accepted', tech, at)?.message).toBe(
      'This job is already accepted.',
    );
  });

  it('names who has the job now and since when, for a step that no longer applies', () => {
    const dana = {
      ...job('accepted', other.id),
      technicianName: 'Dana Reyes',
      updatedAt: new Date(Date.now() - 60_000),
    };
    for (const move of ['en_route', 'on_location', 'completed'] as const) {
      expect(checkMove(dana, move, tech, at)?.message).toMatch(
        /^This job is Dana Reyes's now \(since \d{1,2}(:\d\d)? (AM|PM)\)\.$/,
      );
    }
    expect(checkMove({ ...dana, status: 'assigned' }, 'accepted', tech, at)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: expect.stringContaining("Dana Reyes's now"),
    });
  });

  it("forbids a technician to move another's job (403), and lets an admin act for them", () => {
    expect(checkMove(job('accepted', other.id), 'en_route', tech, at)).toEqual({
      code: ERROR_CODES.forbidden,
      message: LIFECYCLE_MESSAGES.notYours,
    });
    expect(checkMove(job('accepted', other.id), 'en_route', admin, at)).toBeNull();
    expect(checkMove(job('pending'), 'en_route', admin, at)?.message).toBe(
      LIFECYCLE_MESSAGES.acceptFirst,
    );
  });

  it('moves nothing that is closed, and declines any open job once', () => {
    expect(checkMove(job('completed', tech.id), 'en_route', tech, at)?.message).toBe(
      'This job is already completed.',
    );
    expect(checkMove(job('declined'), 'accepted', tech, at)?.message).toBe(
      'This job is already declined.',
    );
    for (const status of ['pending', 'assigned', 'accepted', 'en_route', 'on_location'] as const)
      expect(checkMove(job(status, tech.id), 'declined', admin, at)).toBeNull();
    expect(checkMove(job('declined'), 'declined', admin, at)?.code).toBe(ERROR_CODES.conflict);
    expect(checkMove(job('completed', tech.id), 'declined', admin, at)?.code).toBe(
      ERROR_CODES.conflict,
    );
  });
});

describe('setting out: not before the visit’s day (Cincinnati time)', () => {
  const sunday = { scheduledDate: '2026-11-29', scheduledTime: '10:00:00' };

  it('accepts a visit of another day ahead, but refuses to set out for it, saying when it is', () => {
    expect(checkMove(job('pending', null, sunday), 'accepted', tech, at)).toBeNull();
    expect(checkMove(job('accepted', tech.id, sunday), 'en_route', tech, at)).toEqual({
      code: ERROR_CODES.conflict,
      message: 'This visit is on Sun, Nov 29 at 10 AM. Set out on that day.',
    });
    // An admin acting for the technician is held to the same day.
    expect(checkMove(job('accepted', tech.id, sunday), 'en_route', admin, at)?.message).toMatch(
      /^This visit is on Sun, Nov 29 at 10 AM\./,
    );
    expect(checkStatusChange(job('accepted', tech.id, sunday), 'en_route', tech, at)?.code).toBe(
      ERROR_CODES.conflict,
    );
    expect(mayAct(job('accepted', tech.id, sunday), tech, 'en_route', at)).toBe(false);
  });

  it('lets the technician set out on the day, from its first minute, at any hour of it', () => {
    const today = { scheduledDate: '2026-11-25', scheduledTime: '18:30:00' };
    expect(checkMove(job('accepted', tech.id, today), 'en_route', tech, at)).toBeNull();
    // Sunday 00:05 in Cincinnati (05:05 UTC) is the visit's day; Saturday 23:55 is not.
    const sundayEarly = { now: new Date('2026-11-29T05:05:00Z') };
    const saturdayLate = { now: new Date('2026-11-29T04:55:00Z') };
    expect(checkMove(job('accepted', tech.id, sunday), 'en_route', tech, sundayEarly)).toBeNull();
    expect(
      checkMove(job('accepted', tech.id, sunday), 'en_route', tech, saturdayLate),
    ).not.toBeNull();
  });

  it('follows the visit’s current date: a visit moved to today may start today', () => {
    const movedToToday = { scheduledDate: '2026-11-25', scheduledTime: '14:00:00' };
    expect(checkMove(job('accepted', tech.id, movedToToday), 'en_route', tech, at)).toBeNull();
  });

  it('never holds back an ASAP request (no booked day), nor a visit whose day has passed', () => {
    expect(checkMove(job('accepted', tech.id), 'en_route', tech, at)).toBeNull();
    const yesterday = { scheduledDate: '2026-11-24', scheduledTime: '16:00:00' };
    expect(checkMove(job('accepted', tech.id, yesterday), 'en_route', tech, at)).toBeNull();
  });

  it('says the minutes of a visit booked off the hour, and the day alone without an hour', () => {
    expect(
      checkDeparture(
        { preferredTime: '2026-11-29', scheduledDate: '2026-11-29', scheduledTime: '14:30:00' },
        NOW,
      )?.message,
    ).toBe('This visit is on Sun, Nov 29 at 2:30 PM. Set out on that day.');
    expect(
      checkDeparture(
        { preferredTime: '2026-11-29', scheduledDate: '2026-11-29', scheduledTime: null },
        NOW,
      )?.message,
    ).toBe('This visit is on Sun, Nov 29. Set out on that day.');
  });
});

describe('completing a job', () => {
  const onLocation = job('on_location', tech.id);

  it("lets the job's technician, or an admin for them, complete it once it is on location", () => {
    expect(checkMove(onLocation, 'completed', tech, at)).toBeNull();
    expect(checkMove(onLocation, 'completed', admin, at)).toBeNull();
  });

  it('forbids another technician (403)', () => {
    expect(checkMove(onLocation, 'completed', other, at)).toEqual({
      code: ERROR_CODES.forbidden,
      message: LIFECYCLE_MESSAGES.notYoursToComplete,
    });
  });

  it('refuses a second completion, a declined job and one not on location yet (409)', () => {
    expect(checkMove(job('completed', tech.id), 'completed', tech, at)?.message).toBe(
      LIFECYCLE_MESSAGES.alreadyCompleted,
    );
    expect(checkMove(job('declined', tech.id), 'completed', tech, at)?.code).toBe(
      ERROR_CODES.conflict,
    );
    expect(checkMove(job('en_route', tech.id), 'completed', tech, at)).toEqual({
      code: ERROR_CODES.conflict,
      message: LIFECYCLE_MESSAGES.notOnLocation,
    });
    expect(checkMove(job('pending'), 'completed', tech, at)?.message).toBe(
      LIFECYCLE_MESSAGES.notOnLocation,
    );
  });
});

describe('mayAct: the buttons the board shows', () => {
  it('offers Accept Job only for an open job that is unassigned or mine, with no active job', () => {
    expect(mayAct(job('pending'), tech, 'accepted', at)).toBe(true);
    expect(mayAct(job('assigned', tech.id), tech, 'accepted', at)).toBe(true);
    expect(mayAct(job('assigned', other.id), tech, 'accepted', at)).toBe(false);
    expect(mayAct(job('pending'), tech, 'accepted', { now: NOW, activeJobId: 99 })).toBe(false);
  });

  it("offers the next step to the job's technician and to admins, nobody else", () => {
    expect(mayAct(job('accepted', tech.id), tech, 'en_route', at)).toBe(true);
    expect(mayAct(job('accepted', tech.id), admin, 'en_route', at)).toBe(true);
    expect(mayAct(job('accepted', tech.id), other, 'en_route', at)).toBe(false);
    expect(mayAct(job('on_location', tech.id), tech, 'completed', at)).toBe(true);
    expect(mayAct(job('en_route', tech.id), tech, 'completed', at)).toBe(false);
  });
});

describe('assignment rules', () => {
  it('lets a dispatcher give only a job nobody has started (pending or assigned)', () => {
    expect(APPOINTMENT_STATUSES.filter(isAssignable)).toEqual(['pending', 'assigned']);
  });

  const held = (status: AppointmentStatus, technicianId: number | null, version = 3) => ({
    status,
    technicianId,
    technicianName: technicianId === null ? null : 'Tess Tech',
    version,
  });

  it('lets a dispatcher assign an open job, or reassign one nobody has started', () => {
    expect(checkAssign(held('pending', null))).toBeNull();
    expect(checkAssign(held('assigned', tech.id))).toBeNull();
    expect(checkAssign(held('assigned', tech.id, 3), 3)).toBeNull();
  });

  it('refuses a closed job, and a started one naming who has it (409)', () => {
    expect(checkAssign(held('completed', tech.id))).toEqual({
      code: ERROR_CODES.conflict,
      message: 'This job is already completed.',
    });
    expect(checkAssign(held('declined', null))?.message).toBe('This job is already declined.');
    for (const status of ['accepted', 'en_route', 'on_location'] as const) {
      expect(checkAssign(held(status, tech.id))).toEqual({
        code: ERROR_CODES.conflict,
        message: 'This job has already been taken by Tess Tech.',
      });
    }
  });

  it('refuses a dispatcher who saw an older version, naming who has the job now', () => {
    expect(checkAssign(held('assigned', tech.id, 4), 3)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: expect.stringContaining('just assigned to Tess Tech by someone else'),
    });
    expect(checkAssign(held('pending', null, 4), 3)?.code).toBe(ERROR_CODES.conflict);
  });

  it('unassigns only an assigned job nobody has accepted', () => {
    expect(checkUnassign(job('assigned', tech.id))).toBeNull();
    expect(checkUnassign(job('pending'))).toEqual({
      code: ERROR_CODES.conflict,
      message: ASSIGNMENT_RULE_MESSAGES.notAssigned,
    });
    expect(checkUnassign(job('accepted', tech.id))?.message).toBe(
      LIFECYCLE_MESSAGES.takenByAnother,
    );
    expect(checkUnassign(job('completed', tech.id))?.code).toBe(ERROR_CODES.conflict);
  });

  it('lets only the technician who has a job hand it back, until they are on the way', () => {
    expect(checkHandBack(job('assigned', tech.id), tech)).toBeNull();
    expect(checkHandBack(job('accepted', tech.id), tech)).toBeNull();
    expect(checkHandBack(job('assigned', tech.id), other)).toEqual({
      code: ERROR_CODES.forbidden,
      message: ASSIGNMENT_RULE_MESSAGES.notYoursToHandBack,
    });
    expect(checkHandBack(job('accepted', tech.id), other)?.code).toBe(ERROR_CODES.forbidden);
    expect(checkHandBack(job('assigned', tech.id), admin)?.code).toBe(ERROR_CODES.forbidden);
    for (const status of ['en_route', 'on_location'] as const)
      expect(checkHandBack(job(status, tech.id), tech)).toEqual({
        code: ERROR_CODES.conflict,
        message: ASSIGNMENT_RULE_MESSAGES.notOpenToHandBack,
      });
    expect(checkHandBack(job('completed', tech.id), tech)?.code).toBe(ERROR_CODES.conflict);
    expect(checkHandBack(job('pending'), tech)?.code).toBe(ERROR_CODES.forbidden);
  });
});
