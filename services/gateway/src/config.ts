import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseEnv } from '@cincy/platform';
import { z } from 'zod';

const gatewayEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The built web app; the repo's web/dist by default. */
  WEB_DIST_DIR: z.string().default(join(__dirname, '..', '..', '..', 'web', 'dist')),
  /** Signs the anonymous booking cookie. Replicas behind one site must share it. */
  COOKIE_SECRET: z.string().min(16).optional(),
  /** Set when TLS ends at a proxy in front of the gateway: cookies become Secure. */
  TRUST_PROXY: z.stringbool().default(false),
});

export type GatewayEnv = z.infer<typeof gatewayEnvSchema> & { COOKIE_SECRET: string };

let cached: GatewayEnv | undefined;
export function gatewayEnv(): GatewayEnv {
  if (!cached) {
    const env = parseEnv(gatewayEnvSchema);
    cached = { ...env, COOKIE_SECRET: env.COOKIE_SECRET ?? randomBytes(32).toString('hex') };
  }
  return cached;
}
