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
  }),
);
export type DispatchEnv = EnvOf<typeof DISPATCH_ENV>;
