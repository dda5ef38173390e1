import {
  INFRA_DEFAULTS,
  QUIET_HOURS,
  RETRY,
  TEST_OFFER_MONTHS,
  localAppUrl,
} from '@cincy/contracts';
import { EnvOf, defineEnv } from '@cincy/platform';
import { z } from 'zod';

/** '21-8' -> { fromHour: 21, untilHour: 8 }; 'off' -> null (texts at any hour). */
const quietHoursSchema = z
  .string()
  .trim()
  .regex(/^(off|\d{1,2}-\d{1,2})$/i, "hours as 'FROM-UNTIL' (e.g. '21-8'), or 'off'")
  .transform((text) => {
    if (text.toLowerCase() === 'off') return null;
    const [fromHour, untilHour] = text.split('-').map(Number);
    return { fromHour, untilHour };
  })
  .refine((h) => !h || (h.fromHour < 24 && h.untilHour < 24 && h.fromHour !== h.untilHour), {
    message: 'hours must be 0-23 and differ',
  });

export const NOTIFY_ENV = defineEnv(
  'notify',
  z.object({
    /**
     * Where email goes (nodemailer's URL form: smtp://user:pass@host:587, smtps://...:465).
     * Unset: emails go to the development sink (stored, shown to staff, nothing leaves).
     */
    SMTP_URL: z.url().optional(),
    /** The sender of every email. */
    MAIL_FROM: z.string().min(1).default('"Cincy Battery" <service@cincybattery.com>'),
    /**
     * The text provider's base URL, in the shape of Twilio's Messages API
     * (https://api.twilio.com). Unset: texts go to the development sink.
     */
    SMS_URL: z.url().optional(),
    /** The provider account's id and secret (HTTP Basic). Never logged. */
    SMS_ACCOUNT_SID: z.string().default(''),
    SMS_AUTH_TOKEN: z.string().default(''),
    /** The number texts come from (E.164). */
    SMS_FROM: z.string().min(1).default('+15135550142'),
    /**
     * The site's public origin: messages link to `${PUBLIC_URL}/track/<token>`. Unset: the app's
     * own address on this machine, from the gateway's PORT (publicUrlOf).
     */
    PUBLIC_URL: z
      .url()
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    /** The gateway's port, read only for PUBLIC_URL's default (notify listens on none). */
    PORT: z.coerce.number().int().min(0).max(65535).default(INFRA_DEFAULTS.port),
    /** The first retry's delay after a failure that may pass; later ones grow (RETRY). */
    NOTIFY_RETRY_FIRST_MS: z.coerce.number().int().positive().default(RETRY.firstDelayMs),
    /**
     * How long a claimed message is a sender's: a message whose sender died mid-send is sent
     * again once it ends (long enough for any send to finish: they time out after 10 s).
     */
    NOTIFY_LEASE_MS: z.coerce.number().int().positive().default(60_000),
    /** An installed battery this many months old is offered a free test, once (issue 37). */
    TEST_OFFER_MONTHS: z.coerce.number().int().min(1).max(120).default(TEST_OFFER_MONTHS),
    /** Hours (Cincinnati) no text goes out about a visit not under way: 'FROM-UNTIL', or 'off'. */
    SMS_QUIET_HOURS: quietHoursSchema.prefault(`${QUIET_HOURS.fromHour}-${QUIET_HOURS.untilHour}`),
  }),
);
export type NotifyEnv = EnvOf<typeof NOTIFY_ENV>;

/** Where messages link: PUBLIC_URL, or the app on this machine (never a port nothing answers). */
export const publicUrlOf = (env: NotifyEnv) => env.PUBLIC_URL ?? localAppUrl(env.PORT);
