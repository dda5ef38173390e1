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
    /**
     * The S3-compatible object store of the photos taken at the door (S3, MinIO, R2; `npm start`
     * and the tests run s3rver). Unset: photos answer 503, the rest of the app works.
     */
    S3_URL: z.url().optional(),
    S3_BUCKET: z.string().min(3).max(63).default('cincy-photos'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  }),
);
export type GatewayEnv = EnvOf<typeof GATEWAY_ENV>;
