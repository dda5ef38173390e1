import { EnvOf, defineEnv } from '@cincy/platform';
import { z } from 'zod';

/** A limit of 0 turns that bucket off (load tests, end-to-end runs from one address). */
const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const RATE_LIMIT_ENV = defineEnv(
  'rate-limit',
  z.object({
    /** POST /api/customers, POST /api/appointments and POST /api/bookings, each, per client address and window. */
    BOOKING_RATE_LIMIT: count(10),
    BOOKING_RATE_WINDOW_SECONDS: seconds(600),
    /** GET /api/time-slots per client address and window (the form polls every 30 s). */
    TIME_SLOTS_RATE_LIMIT: count(120),
    TIME_SLOTS_RATE_WINDOW_SECONDS: seconds(60),
    /**
     * Every look-up by a booking's private link (the tracking page, its changes, the confirmation
     * page, each /track socket) per client address and window: a page polls and reconnects, a
     * script guessing tokens does far more.
     */
    TRACKING_RATE_LIMIT: count(120),
    TRACKING_RATE_WINDOW_SECONDS: seconds(60),
    /** POST /api/bookings/find (reference + phone) per client address and window. */
    FIND_BOOKING_RATE_LIMIT: count(10),
    FIND_BOOKING_RATE_WINDOW_SECONDS: seconds(600),
  }),
);
export type RateLimitEnv = EnvOf<typeof RATE_LIMIT_ENV>;
