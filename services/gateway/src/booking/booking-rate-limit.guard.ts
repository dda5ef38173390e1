import { ERROR_CODES } from '@cincy/contracts';
import { InjectEnv } from '@cincy/platform';
import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception';
import { Refusal } from '../common/refusals';
import { FixedWindowLimiter } from '../common/fixed-window-limiter';
import { SharedLimits } from '../common/shared-limits';
import { rateLimitRefusals } from '../metrics/gateway-metrics';
import { RATE_LIMIT_ENV, RateLimitEnv } from './rate-limit.config';
import { rateLimitedMessage } from './retry-after-message';

export type RateLimitBucket =
  'customers' | 'appointments' | 'bookings' | 'timeSlots' | 'tracking' | 'findBooking';

export const RATE_LIMIT_KEY = 'booking:rate-limit';

/** The public booking and tracking endpoints' limiters, one per bucket, counted across gateway replicas. */
@Injectable()
export class BookingRateLimits {
  private readonly limiters: Record<RateLimitBucket, FixedWindowLimiter>;

  constructor(@InjectEnv(RATE_LIMIT_ENV) env: RateLimitEnv, limits: SharedLimits) {
    const booking = (bucket: RateLimitBucket) =>
      limits.limiter(
        `booking.${bucket}`,
        env.BOOKING_RATE_LIMIT,
        env.BOOKING_RATE_WINDOW_SECONDS * 1000,
      );
    this.limiters = {
      customers: booking('customers'),
      appointments: booking('appointments'),
      bookings: booking('bookings'),
      timeSlots: limits.limiter(
        'booking.timeSlots',
        env.TIME_SLOTS_RATE_LIMIT,
        env.TIME_SLOTS_RATE_WINDOW_SECONDS * 1000,
      ),
      tracking: limits.limiter(
        'booking.tracking',
        env.TRACKING_RATE_LIMIT,
        env.TRACKING_RATE_WINDOW_SECONDS * 1000,
      ),
      findBooking: limits.limiter(
        'booking.findBooking',
        env.FIND_BOOKING_RATE_LIMIT,
        env.FIND_BOOKING_RATE_WINDOW_SECONDS * 1000,
      ),
    };
  }

  /** Counts a hit; a refusal is counted for operators too (routes and tracking handshakes alike). */
  hit(bucket: RateLimitBucket, client: string, now?: number) {
    const decision = this.limiters[bucket].hit(client, now);
    if (!decision.allowed) rateLimitRefusals.inc({ limiter: `booking.${bucket}` });
    return decision;
  }
}

/**
 * Limits anonymous callers per address (req.ip: the socket's, or the proxy's client when
 * TRUST_PROXY is set). Runs after the session guard, so signed-in staff are known and exempt.
 */
@Injectable()
export class BookingRateLimitGuard implements CanActivate {
  static readonly refuses: readonly Refusal[] = [
    { status: 429, description: 'Too many requests from this address (see `Retry-After`).' },
  ];

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: BookingRateLimits,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const bucket = this.reflector.get<RateLimitBucket | undefined>(
      RATE_LIMIT_KEY,
      context.getHandler(),
    );
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { currentUser?: unknown }>();
    if (!bucket || request.currentUser) return true;
    const decision = this.limits.hit(
      bucket,
      request.ip ?? request.socket.remoteAddress ?? 'unknown',
    );
    if (decision.allowed) return true;
    const wait = decision.retryAfterSeconds;
    http.getResponse<Response>().setHeader('Retry-After', String(wait));
    // The text says the same wait as the header, not a minute that may be eight.
    throw new ApiException(429, {
      code: ERROR_CODES.rateLimited,
      message: rateLimitedMessage(wait),
    });
  }
}

/** `@RateLimit('customers')` on a public booking route. */
export const RateLimit = (bucket: RateLimitBucket) =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, bucket), UseGuards(BookingRateLimitGuard));
