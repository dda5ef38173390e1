import { Actor, AppointmentStatus, ERROR_CODES } from '@cincy/contracts';
import { checkDecline, checkStep } from './transitions';

const tech: Actor = { id: 7, name: 'Tess Tech', username: 'tess', role: 'technician' };
const other: Actor = { id: 8, name: 'Otto Other', username: 'otto', role: 'technician' };
const admin: Actor = { id: 1, name: 'Ada Admin', username: 'ada', role: 'admin' };

const job = (status: AppointmentStatus, technicianId: number | null = null) => ({
  status,
  technicianId,
});

describe('the lifecycle table', () => {
  it('walks pending -> accepted -> en_route -> on_location for the job’s technician', () => {
    expect(checkStep(job('pending'), 'accepted', tech)).toBeNull();
    expect(checkStep(job('assigned', tech.id), 'accepted', tech)).toBeNull();
    expect(checkStep(job('accepted', tech.id), 'en_route', tech)).toBeNull();
    expect(checkStep(job('en_route', tech.id), 'on_location', tech)).toBeNull();
  });

  it('refuses a skipped step or a repeated one with 409', () => {
    expect(checkStep(job('accepted', tech.id), 'on_location', tech)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: expect.stringMatching(/must be en route first/),
    });
    expect(checkStep(job('en_route', tech.id), 'en_route', tech)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: 'This job is already en route.',
    });
    expect(checkStep(job('pending'), 'en_route', tech)).toMatchObject({
      code: ERROR_CODES.conflict,
    });
    expect(checkStep(job('accepted', tech.id), 'pending', tech)?.code).toBe(ERROR_CODES.conflict);
  });

  it('completes only through a service record and declines only through its route', () => {
    expect(checkStep(job('on_location', tech.id), 'completed', tech)?.message).toMatch(
      /service record/,
    );
    expect(checkStep(job('pending'), 'declined', admin)?.message).toMatch(/Decline Call/);
  });

  it('lets a technician accept any open job only while they have no active one', () => {
    expect(checkStep(job('pending'), 'accepted', tech, 42)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: 'Finish your current job before accepting another one.',
    });
  });

  it('refuses to accept a job taken by someone else, or already accepted', () => {
    expect(checkStep(job('assigned', other.id), 'accepted', tech)?.message).toBe(
      'This job has already been taken by another technician.',
    );
    expect(checkStep(job('accepted', other.id), 'accepted', tech)?.code).toBe(ERROR_CODES.conflict);
    expect(checkStep(job('accepted', tech.id), 'accepted', tech)?.message).toBe(
      'This job is already accepted.',
    );
  });

  it("forbids a technician to move another's job (403), and lets an admin act for them", () => {
    expect(checkStep(job('accepted', other.id), 'en_route', tech)).toEqual({
      code: ERROR_CODES.forbidden,
      message: 'This job belongs to another technician.',
    });
    expect(checkStep(job('accepted', other.id), 'en_route', admin)).toBeNull();
    expect(checkStep(job('pending'), 'en_route', admin)?.message).toBe(
      'Accept the job before moving it on.',
    );
  });

  it('moves nothing that is closed, and declines any open job once', () => {
    expect(checkStep(job('completed', tech.id), 'en_route', tech)?.message).toBe(
      'This job is already completed.',
    );
    expect(checkStep(job('declined'), 'accepted', tech)?.message).toBe(
      'This job is already declined.',
    );
    for (const status of ['pending', 'assigned', 'accepted', 'en_route', 'on_location'] as const)
      expect(checkDecline(job(status, tech.id))).toBeNull();
    expect(checkDecline(job('declined'))?.code).toBe(ERROR_CODES.conflict);
    expect(checkDecline(job('completed', tech.id))?.code).toBe(ERROR_CODES.conflict);
  });
});
