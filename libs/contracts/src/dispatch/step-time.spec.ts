import { ERROR_CODES } from '../error-codes';
import { STEP_TIME, STEP_TIME_MESSAGES, stepInstant } from './step-time';

const NOW = new Date('2026-11-28T19:30:00Z'); // 2:30 PM in Cincinnati
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('stepInstant', () => {
  it('records a step sent at once at the server’s now', () => {
    expect(stepInstant(undefined, NOW, minutes(-10))).toEqual({ at: NOW });
  });

  it('records a queued step at the time it was tapped', () => {
    expect(stepInstant(minutes(-40), NOW, minutes(-55))).toEqual({ at: minutes(-40) });
    // The previous step's own instant is not before it.
    expect(stepInstant(minutes(-55), NOW, minutes(-55))).toEqual({ at: minutes(-55) });
  });

  it('takes a phone clock a little ahead as now, and refuses one further ahead', () => {
    expect(stepInstant(minutes(1), NOW, null)).toEqual({ at: NOW });
    const ahead = new Date(NOW.getTime() + STEP_TIME.clockAheadMs + 1_000);
    expect(stepInstant(ahead, NOW, null)).toEqual({
      refusal: {
        code: ERROR_CODES.validation,
        message: STEP_TIME_MESSAGES.future,
        fieldErrors: { occurredAt: STEP_TIME_MESSAGES.future },
      },
    });
  });

  it('refuses a step more than a day old', () => {
    expect(stepInstant(minutes(-24 * 60 + 1), NOW, null)).toEqual({ at: minutes(-24 * 60 + 1) });
    expect(stepInstant(minutes(-24 * 60 - 1), NOW, null)).toMatchObject({
      refusal: { message: STEP_TIME_MESSAGES.tooOld },
    });
  });

  it('refuses a step before the job’s previous one, naming when that was', () => {
    expect(stepInstant(minutes(-30), NOW, minutes(-16))).toMatchObject({
      refusal: { message: STEP_TIME_MESSAGES.beforePrevious('2:14 PM') },
    });
    // Yesterday's previous step reads with its day.
    expect(stepInstant(minutes(-23 * 60), NOW, minutes(-22 * 60))).toMatchObject({
      refusal: { message: STEP_TIME_MESSAGES.beforePrevious('Nov 27, 4:30 PM') },
    });
  });
});
