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
  }),
);
export type IdentityEnv = EnvOf<typeof IDENTITY_ENV>;
