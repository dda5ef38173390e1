import { INFRA_DEFAULTS, localAppUrl } from '@cincy/contracts';
import { z } from 'zod';
import { EnvOf, defineEnv } from '../config/config';

/**
 * The development checkout's webhook secret: with no STRIPE_SECRET_KEY, card payments go to the
 * development checkout (the gateway's, ADR 0114), whose webhooks are signed with this.
 */
export const DEV_WEBHOOK_SECRET = 'whsec_development_checkout';
const DEV_SECRET_KEY = 'sk_test_development_checkout';

/** The card payment provider (Stripe), read by billing (the SDK) and the gateway (the dev checkout). */
export const PAYMENTS_ENV = defineEnv(
  'payments',
  z
    .object({
      /** Stripe's secret key. Unset: card payments go to the development checkout. Never logged. */
      STRIPE_SECRET_KEY: z.string().min(1).optional(),
      /** The webhook endpoint's signing secret (whsec_...); required with a key. Never logged. */
      STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
      /** Where the SDK calls Stripe's API (a test server that speaks it); unset: Stripe's own. */
      STRIPE_API_URL: z.url().optional(),
      /** The site's public origin, where the customer comes back to after paying. */
      PUBLIC_URL: z
        .url()
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
      /** The gateway's port, for PUBLIC_URL's default. */
      PORT: z.coerce.number().int().min(0).max(65535).default(INFRA_DEFAULTS.port),
    })
    .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: 'required when STRIPE_SECRET_KEY is set',
    }),
);
export type PaymentsEnv = EnvOf<typeof PAYMENTS_ENV>;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API's origin, or null for Stripe's own. */
  apiUrl: string | null;
  /** True when payments go to the development checkout (no key configured). */
  development: boolean;
  publicUrl: string;
}

/** Stripe as configured, or the development checkout on the app's own address. */
export function stripeSettings(env: PaymentsEnv): StripeSettings {
  const publicUrl = env.PUBLIC_URL ?? localAppUrl(env.PORT);
  if (env.STRIPE_SECRET_KEY)
    return {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      apiUrl: env.STRIPE_API_URL ?? null,
      development: false,
      publicUrl,
    };
  return {
    secretKey: DEV_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
    // The gateway's own address: its development checkout answers the SDK there.
    apiUrl: env.STRIPE_API_URL ?? publicUrl,
    development: true,
    publicUrl,
  };
}
