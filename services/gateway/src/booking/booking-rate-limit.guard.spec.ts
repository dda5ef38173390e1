import { ERROR_CODES } from '@cincy/contracts';
import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadEnv } from '@cincy/platform';
import { ApiException } from '../common/api-exception';
import { SharedLimits } from '../common/shared-limits';
import { BookingRateLimitGuard, BookingRateLimits, RateLimit } from './booking-rate-limit.guard';
import { RATE_LIMIT_ENV } from './rate-limit.config';

class Routes {
  @RateLimit('customers')
  create() {}
}

function contextFor(
  request: { ip: string; currentUser?: unknown },
  headers: Record<string, string>,
): ExecutionContext {
  return {
    getHandler: () => Routes.prototype.create,
    switchToHttp: () => ({
      getRequest: () => request,
      getResponse: () => ({ setHeader: (k: string, v: string) => (headers[k] = v) }),
    }),
  } as unknown as ExecutionContext;
}

describe('BookingRateLimitGuard', () => {
  // The defaults: 10 posts per address per 10 minutes.
  const env = loadEnv([RATE_LIMIT_ENV], {}).get(RATE_LIMIT_ENV);
  const guard = new BookingRateLimitGuard(
    new Reflector(),
    new BookingRateLimits(env, new SharedLimits({ NATS_URL: '', NATS_PREFIX: '' })),
  );

  it('answers 429 RATE_LIMITED with Retry-After after 10 posts from one address', () => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < 10; i++)
      expect(guard.canActivate(contextFor({ ip: '203.0.113.9' }, headers))).toBe(true);
    let refused: unknown;
    try {
      guard.canActivate(contextFor({ ip: '203.0.113.9' }, headers));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiException);
    expect((refused as ApiException).getStatus()).toBe(429);
    const retryAfter = Number(headers['Retry-After']);
    expect(retryAfter).toBeGreaterThan(500);
    // The text says the header's wait in whole minutes, rounded up: 10 for the 600 s window.
    expect((refused as ApiException).getResponse()).toEqual({
      code: ERROR_CODES.rateLimited,
      message: `Too many requests. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    });
    expect(guard.canActivate(contextFor({ ip: '198.51.100.1' }, {}))).toBe(true);
  });

  it('never limits signed-in staff', () => {
    const staff = { ip: '203.0.113.10', currentUser: { id: 1, name: 'Admin', role: 'admin' } };
    for (let i = 0; i < 50; i++) expect(guard.canActivate(contextFor(staff, {}))).toBe(true);
  });
});
