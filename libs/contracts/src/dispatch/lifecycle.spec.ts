import { ERROR_CODES } from '../error-codes';
import { AppointmentStatus } from '../enums';
import {
  ASSIGNMENT_RULE_MESSAGES,
  LIFECYCLE_MESSAGES,
  checkAssign,
  checkHandBack,
  checkMove,
  checkStatusChange,
  checkUnassign,
  mayAct,
} from './lifecycle';

const tech = { id: 7, role: 'technician' };
const other = { id: 8, role: 'technician' };
const admin = { id: 1, role: 'admin' };

const job = (status: AppointmentStatus, technicianId: number | null = null) => ({
  status,
  technicianId,
});

describe('the lifecycle table', () => {
  it('walks pending -> accepted -> en_route -> on_location for the job’s technician', () => {
    expect(checkStatusChange(job('pending'), 'accepted', tech)).toBeNull();
    expect(checkStatusChange(job('assigned', tech.id), 'accepted', tech)).toBeNull();
    expect(checkStatusChange(job('accepted', tech.id), 'en_route', tech)).toBeNull();
    expect(checkStatusChange(job('en_route', tech.id), 'on_location', tech)).toBeNull();
  });

  it('refuses a skipped step or a repeated one with 409', () => {
    expect(checkStatusChange(job('accepted', tech.id), 'on_location', tech)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: expect.stringMatching(/must be en route first/),
    });
    expect(checkStatusChange(job('en_route', tech.id), 'en_route', tech)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: 'This job is already en route.',
    });
    expect(checkStatusChange(job('pending'), 'en_route', tech)).toMatchObject({
      code: ERROR_CODES.conflict,
    });
    expect(checkStatusChange(job('accepted', tech.id), 'pending', tech)?.code).toBe(
      ERROR_CODES.conflict,
    );
  });

  it('completes only through a service record and declines only through its route', () => {
    expect(checkStatusChange(job('on_location', tech.id), 'completed', tech)?.message).toBe(
      LIFECYCLE_MESSAGES.completeThroughRecord,
    );
    expect(checkStatusChange(job('pending'), 'declined', admin)?.message).toMatch(/Decline Call/);
  });

  it('lets a technician accept any open job only while they have no active one', () => {
    expect(checkMove(job('pending'), 'accepted', tech, 42)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: LIFECYCLE_MESSAGES.finishCurrentJob,
    });
  });

  it('refuses to accept a job taken by someone else, or already accepted', () => {
    expect(checkMove(job('assigned', other.id), 'accepted', tech)?.message).toBe(
      LIFECYCLE_MESSAGES.takenByAnother,
    );
    expect(checkMove(job('accepted', other.id), 'accepted', tech)?.code).toBe(ERROR_CODES.conflict);
    expect(checkMove(job('accepted', tech.id), 'accepted', tech)?.message).toBe(
      'This job is already accepted.',
    );
  });

  it("forbids a technician to move another's job (403), and lets an admin act for them", () => {
    expect(checkMove(job('accepted', other.id), 'en_route', tech)).toEqual({
      code: ERROR_CODES.forbidden,
      message: LIFECYCLE_MESSAGES.notYours,
    });
    expect(checkMove(job('accepted', other.id), 'en_route', admin)).toBeNull();
    expect(checkMove(job('pending'), 'en_route', admin)?.message).toBe(
      LIFECYCLE_MESSAGES.acceptFirst,
    );
  });

  it('moves nothing that is closed, and declines any open job once', () => {
    expect(checkMove(job('completed', tech.id), 'en_route', tech)?.message).toBe(
      'This job is already completed.',
    );
    expect(checkMove(job('declined'), 'accepted', tech)?.message).toBe(
      'This job is already declined.',
    );
    for (const status of ['pending', 'assigned', 'accepted', 'en_route', 'on_location'] as const)
      expect(checkMove(job(status, tech.id), 'declined', admin)).toBeNull();
    expect(checkMove(job('declined'), 'declined', admin)?.code).toBe(ERROR_CODES.conflict);
    expect(checkMove(job('completed', tech.id), 'declined', admin)?.code).toBe(
      ERROR_CODES.conflict,
    );
  });
});

describe('completing a job', () => {
  const onLocation = job('on_location', tech.id);

  it("lets the job's technician, or an admin for them, complete it once it is on location", () => {
    expect(checkMove(onLocation, 'completed', tech)).toBeNull();
    expect(checkMove(onLocation, 'completed', admin)).toBeNull();
  });

  it('forbids another technician (403)', () => {
    expect(checkMove(onLocation, 'completed', other)).toEqual({
      code: ERROR_CODES.forbidden,
      message: LIFECYCLE_MESSAGES.notYoursToComplete,
    });
  });

  it('refuses a second completion, a declined job and one not on location yet (409)', () => {
    expect(checkMove(job('completed', tech.id), 'completed', tech)?.message).toBe(
      LIFECYCLE_MESSAGES.alreadyCompleted,
    );
    expect(checkMove(job('declined', tech.id), 'completed', tech)?.code).toBe(ERROR_CODES.conflict);
    expect(checkMove(job('en_route', tech.id), 'completed', tech)).toEqual({
      code: ERROR_CODES.conflict,
      message: LIFECYCLE_MESSAGES.notOnLocation,
    });
    expect(checkMove(job('pending'), 'completed', tech)?.message).toBe(
      LIFECYCLE_MESSAGES.notOnLocation,
    );
  });
});

describe('mayAct: the buttons the board shows', () => {
  it('offers Accept Job only for an open job that is unassigned or mine, with no active job', () => {
    expect(mayAct(job('pending'), tech, 'accepted')).toBe(true);
    expect(mayAct(job('assigned', tech.id), tech, 'accepted')).toBe(true);
    expect(mayAct(job('assigned', other.id), tech, 'accepted')).toBe(false);
    expect(mayAct(job('pending'), tech, 'accepted', 99)).toBe(false);
  });

  it("offers the next step to the job's technician and to admins, nobody else", () => {
    expect(mayAct(job('accepted', tech.id), tech, 'en_route')).toBe(true);
    expect(mayAct(job('accepted', tech.id), admin, 'en_route')).toBe(true);
    expect(mayAct(job('accepted', tech.id), other, 'en_route')).toBe(false);
    expect(mayAct(job('on_location', tech.id), tech, 'completed')).toBe(true);
    expect(mayAct(job('en_route', tech.id), tech, 'completed')).toBe(false);
  });
});

describe('assignment rules', () => {
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

  it('lets only the assigned technician hand a job back, before accepting it', () => {
    expect(checkHandBack(job('assigned', tech.id), tech)).toBeNull();
    expect(checkHandBack(job('assigned', tech.id), other)).toEqual({
      code: ERROR_CODES.forbidden,
      message: ASSIGNMENT_RULE_MESSAGES.notYoursToHandBack,
    });
    expect(checkHandBack(job('assigned', tech.id), admin)?.code).toBe(ERROR_CODES.forbidden);
    expect(checkHandBack(job('accepted', tech.id), tech)).toEqual({
      code: ERROR_CODES.conflict,
      message: ASSIGNMENT_RULE_MESSAGES.notOpenToHandBack,
    });
    expect(checkHandBack(job('pending'), tech)?.code).toBe(ERROR_CODES.forbidden);
  });
});
