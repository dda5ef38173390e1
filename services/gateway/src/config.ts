import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { INFRA_DEFAULTS } from '@cincy/contracts';
import { EnvOf, defineEnv } from '@cincy/platform';
import { z } from 'zod';

export const GATEWAY_ENV = defineEnv(
  'gateway',
  z.object({
    PORT: z.coerce.number().int().min(0).max(65535).default(INFRA_DEFAULTS.port),
    /** The built web app; the repo's web/dist by default. */
    WEB_DIST_DIR: z.string().default(join(__dirname, '..', '..', '..', 'web', 'dist')),
    /** Signs the anonymous booking cookie. Replicas behind one site must share it. */
    COOKIE_SECRET: z
      .string()
      .min(16)
      .default(() => randomBytes(32).toString('hex')),
    /** Set when TLS ends at a proxy in front of the gateway: cookies become Secure. */
    TRUST_PROXY: z.stringbool().default(false),
    /**
     * The one account besides admins that may decline calls and delete customers, compared
     * case-insensitively. Unset: admins only.
     */
    SUPERVISOR_USERNAME: z.string().trim().min(1).max(100).optional(),
    /** Map tiles for the board's map (Leaflet URL template) and their attribution. */
    MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
  }),
);
export type GatewayEnv = EnvOf<typeof GATEWAY_ENV>;
