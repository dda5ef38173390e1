import { Actor, ERROR_CODES } from '@cincy/contracts';
import { COMPLETION_MESSAGES, checkCompletion } from './completion-rules';

const tech: Actor = { id: 7, name: 'Tess', username: 'tess', role: 'technician' };
const admin: Actor = { id: 1, name: 'Ada', username: 'ada', role: 'admin' };
const onLocation = { customerId: 3, status: 'on_location', technicianId: 7 };

describe('who may complete a job', () => {
  it("lets the job's technician complete it once it is on location", () => {
    expect(checkCompletion(onLocation, { customerId: 3 }, tech, false)).toBeNull();
  });

  it('lets an admin complete it for the technician', () => {
    expect(checkCompletion(onLocation, { customerId: 3 }, admin, false)).toBeNull();
  });

  it('forbids another technician (403)', () => {
    const other = { ...tech, id: 8 };
    expect(checkCompletion(onLocation, { customerId: 3 }, other, false)).toMatchObject({
      code: ERROR_CODES.forbidden,
      message: COMPLETION_MESSAGES.notYours,
    });
  });

  it('refuses a second completion (409), however it is noticed', () => {
    expect(checkCompletion(onLocation, { customerId: 3 }, tech, true)?.code).toBe(
      ERROR_CODES.conflict,
    );
    expect(
      checkCompletion({ ...onLocation, status: 'completed' }, { customerId: 3 }, tech, false)
        ?.message,
    ).toBe(COMPLETION_MESSAGES.alreadyCompleted);
  });

  it('refuses a job that is not on location yet', () => {
    expect(
      checkCompletion({ ...onLocation, status: 'en_route' }, { customerId: 3 }, tech, false),
    ).toMatchObject({ code: ERROR_CODES.conflict, message: COMPLETION_MESSAGES.notOnLocation });
  });

  it("refuses a job nobody has accepted as not on location (409), not as another's", () => {
    const pending = { ...onLocation, status: 'pending', technicianId: null };
    expect(checkCompletion(pending, { customerId: 3 }, tech, false)).toMatchObject({
      code: ERROR_CODES.conflict,
      message: COMPLETION_MESSAGES.notOnLocation,
    });
  });

  it('refuses an unknown job (404) and a record for another customer', () => {
    expect(checkCompletion(null, { customerId: 3 }, tech, false)?.code).toBe(ERROR_CODES.notFound);
    expect(checkCompletion(onLocation, { customerId: 4 }, tech, false)).toMatchObject({
      code: ERROR_CODES.validation,
      field: 'customerId',
    });
  });
});
