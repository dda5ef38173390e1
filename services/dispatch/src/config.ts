import { EnvOf, defineEnv } from '@cincy/platform';
import { z } from 'zod';

export const DISPATCH_ENV = defineEnv(
  'dispatch',
  z.object({
    /**
     * An OSRM server's base URL (e.g. http://osrm:5000): its table service gives the driving
     * times of the suggestions. Unset: the straight-line estimate only.
     */
    ROUTING_URL: z.url().optional(),
    /**
     * The business asks every customer served to sign on the technician's phone: a completion
     * (other than "no service") is refused without the signature. Off by default (issue 35).
     */
    REQUIRE_SIGNATURE: z.stringbool().default(false),
    /**
     * Each job booked from now on gets a 4-digit code, shown on the customer's tracking page, that
     * the technician types on arrival (three wrong: flagged to the dispatcher). Off by default.
     */
    REQUIRE_ARRIVAL_CODE: z.stringbool().default(false),
  }),
);
export type DispatchEnv = EnvOf<typeof DISPATCH_ENV>;
