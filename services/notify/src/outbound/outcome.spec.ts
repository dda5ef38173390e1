import { QUIET_HOURS, RETRY, businessInstant } from '@cincy/contracts';
import { AttemptContext, outcomeOf } from './outcome';

const now = new Date('2030-06-15T16:00:00Z'); // noon in Cincinnati
const ctx = (overrides: Partial<AttemptContext> = {}): AttemptContext => ({
  kind: 'received',
  channel: 'sms',
  visitDate: null,
  attempt: 1,
  now,
  firstDelayMs: 30_000,
  quietHours: QUIET_HOURS,
  ...overrides,
});

describe('outcomeOf', () => {
  it('records a sent message with its route and provider id', () => {
    expect(outcomeOf({ result: 'sent', route: 'sms', providerId: 'SM1' }, ctx())).toEqual({
      state: 'sent',
      route: 'sms',
      providerId: 'SM1',
    });
  });

  it('retries a failure that may pass, later each time', () => {
    expect(outcomeOf({ result: 'transient', error: 'HTTP 503' }, ctx())).toEqual({
      state: 'queued',
      nextAttemptAt: new Date(now.getTime() + 30_000),
      lastError: 'HTTP 503',
    });
    const third = outcomeOf({ result: 'transient', error: 'x' }, ctx({ attempt: 3 }));
    expect(third).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 30_000 * 16) });
  });

  it('fails after the last attempt, and at once for a refusal', () => {
    expect(
      outcomeOf({ result: 'transient', error: 'timed out' }, ctx({ attempt: RETRY.maxAttempts })),
    ).toEqual({ state: 'failed', lastError: 'timed out' });
    expect(outcomeOf({ result: 'permanent', error: 'not a mobile number' }, ctx())).toEqual({
      state: 'failed',
      lastError: 'not a mobile number',
    });
  });

  it("holds a text's retry that would fall in the quiet hours until 8 AM", () => {
    const late = businessInstant('2030-06-15', 20, 59);
    const outcome = outcomeOf(
      { result: 'transient', error: 'HTTP 500' },
      ctx({ now: late, attempt: 2 }),
    );
    expect(outcome).toMatchObject({ nextAttemptAt: businessInstant('2030-06-16', 8) });
    // An email is never held.
    expect(
      outcomeOf(
        { result: 'transient', error: 'x' },
        ctx({ now: late, attempt: 2, channel: 'email' }),
      ),
    ).toMatchObject({ nextAttemptAt: new Date(late.getTime() + 120_000) });
  });

  it('gives back unsent what our own stop cut short', () => {
    expect(outcomeOf({ result: 'aborted' }, ctx())).toEqual({ state: 'released' });
  });
});
