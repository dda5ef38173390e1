import { INFRA_DEFAULTS, localAppUrl } from '@cincy/contracts';
import { EnvOf, defineEnv } from '@cincy/platform';
import { z } from 'zod';

export const IDENTITY_ENV = defineEnv(
  'identity',
  z.object({
    SEED_ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
    /** Empty counts as unset: a password is then generated and printed once. */
    SEED_ADMIN_PASSWORD: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    /**
     * Admins must have a second step (issue 38): one without is sent to set it up at sign-in.
     * On unless turned off (`npm start -- --demo` and the project's own tests do).
     */
    REQUIRE_ADMIN_MFA: z.stringbool().default(true),
    /** Staff account emails (invitations, resets, new sign-ins) go here, as notify's do. */
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(1).default('"Cincy Battery" <service@cincybattery.com>'),
    /** Links in those emails start here; unset, the app's own address (the gateway's PORT). */
    PUBLIC_URL: z
      .url()
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(INFRA_DEFAULTS.port),
  }),
);
export type IdentityEnv = EnvOf<typeof IDENTITY_ENV>;

export const publicUrlOf = (env: IdentityEnv) => env.PUBLIC_URL ?? localAppUrl(env.PORT);
