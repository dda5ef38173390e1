import { SharedLimits } from '../common/shared-limits';
import { LoginThrottle, LoginThrottled } from './login-throttle';

// Not connected: the counts stay in this process.
const local = () => new SharedLimits({ NATS_URL: '', NATS_PREFIX: '' });

const MIN = 60_000;
const T0 = 1_800_000_000_000;

function retryAfter(throttle: LoginThrottle, user: string, ip: string, now: number) {
  try {
    throttle.check(user, ip, now);
    return 0;
  } catch (err) {
    if (!(err instanceof LoginThrottled)) throw err;
    return err.retryAfterSeconds;
  }
}

describe('LoginThrottle', () => {
  it('stops one address after 5 wrong passwords for an account, for the rest of 15 minutes', () => {
    const t = new LoginThrottle(local());
    for (let i = 0; i < 5; i++) {
      expect(retryAfter(t, 'dana', '10.0.0.9', T0)).toBe(0);
      t.failed('dana', '10.0.0.9', T0);
    }
    expect(retryAfter(t, 'Dana ', '10.0.0.9', T0 + MIN)).toBe(14 * 60);
    // The real user, at their own address, is not locked out by the stranger.
    expect(retryAfter(t, 'dana', '10.0.0.1', T0 + MIN)).toBe(0);
    expect(retryAfter(t, 'dana', '10.0.0.9', T0 + 15 * MIN)).toBe(0);
  });

  it('clears the address count on the right password', () => {
    const t = new LoginThrottle(local());
    for (let i = 0; i < 4; i++) t.failed('dana', '10.0.0.1', T0);
    t.succeeded('dana', '10.0.0.1');
    for (let i = 0; i < 4; i++) t.failed('dana', '10.0.0.1', T0);
    expect(retryAfter(t, 'dana', '10.0.0.1', T0)).toBe(0);
  });

  it('holds wrong second steps of an account to 10 an hour, from any address', () => {
    const t = new LoginThrottle(local());
    const secondStep = (ip: string, now: number) => {
      try {
        t.check('dana', ip, now, true);
        return 0;
      } catch (err) {
        if (!(err instanceof LoginThrottled)) throw err;
        return err.retryAfterSeconds;
      }
    };
    // Two addresses, five wrong codes each, six minutes apart (so the other counts have cleared).
    for (let i = 0; i < 10; i++) t.failed('dana', `10.2.0.${i % 2}`, T0 + (i % 2) * 6 * MIN, true);
    expect(secondStep('10.2.0.9', T0 + 20 * MIN)).toBe(40 * 60);
    // A password alone is not held by it, and the hour ends.
    expect(retryAfter(t, 'dana', '10.2.0.9', T0 + 20 * MIN)).toBe(0);
    expect(secondStep('10.2.0.9', T0 + 60 * MIN)).toBe(0);
  });

  it('stops an account guessed from many addresses only briefly (5 minutes)', () => {
    const t = new LoginThrottle(local());
    for (let i = 0; i < 20; i++) t.failed('dana', `10.1.0.${i}`, T0);
    expect(retryAfter(t, 'dana', '10.0.0.1', T0)).toBe(5 * 60);
    expect(retryAfter(t, 'dana', '10.0.0.1', T0 + 5 * MIN)).toBe(0);
    expect(retryAfter(t, 'marcus', '10.0.0.1', T0)).toBe(0);
  });

  it('stops one address trying many accounts', () => {
    const t = new LoginThrottle(local());
    for (let i = 0; i < 50; i++) t.failed(`user${i}`, '10.0.0.66', T0);
    expect(retryAfter(t, 'someone-else', '10.0.0.66', T0)).toBe(15 * 60);
  });
});
