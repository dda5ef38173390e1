import { loadEnv } from '@cincy/platform';
import { LoginThrottle, LoginThrottled } from '../auth/login-throttle';
import { BookingRateLimits } from '../booking/booking-rate-limit.guard';
import { RATE_LIMIT_ENV } from '../booking/rate-limit.config';
import { SharedLimits } from '../common/shared-limits';
import { rateLimitRefusals } from './gateway-metrics';

const refusals = async (limiter: string) =>
  (await rateLimitRefusals.get()).values.find((v) => v.labels.limiter === limiter)?.value ?? 0;

const localLimits = () => new SharedLimits({ NATS_URL: '', NATS_PREFIX: '' });

describe('cincy_rate_limit_refusals_total', () => {
  it('counts each refusal of a booking limiter under its bucket, and no allowed hit', async () => {
    const env = loadEnv([RATE_LIMIT_ENV], { BOOKING_RATE_LIMIT: '2' }).get(RATE_LIMIT_ENV);
    const limits = new BookingRateLimits(env, localLimits());
    const before = await refusals('booking.appointments');
    limits.hit('appointments', '203.0.113.7');
    limits.hit('appointments', '203.0.113.7');
    expect(await refusals('booking.appointments')).toBe(before);
    expect(limits.hit('appointments', '203.0.113.7').allowed).toBe(false);
    expect(limits.hit('appointments', '203.0.113.7').allowed).toBe(false);
    expect(await refusals('booking.appointments')).toBe(before + 2);
  });

  it('counts a sign-in refused by the login throttle, not the failures that led to it', async () => {
    const throttle = new LoginThrottle(localLimits());
    const before = await refusals('login');
    for (let i = 0; i < 5; i++) {
      throttle.check('dana', '203.0.113.8');
      throttle.failed('dana', '203.0.113.8');
    }
    expect(await refusals('login')).toBe(before);
    expect(() => throttle.check('dana', '203.0.113.8')).toThrow(LoginThrottled);
    expect(await refusals('login')).toBe(before + 1);
  });
});
