import { DEFAULT_SERVED_ZIP_CODES, SERVED_ZIP_ENTRY } from '@cincy/contracts';
import { EnvOf, defineEnv } from '@cincy/platform';
import { z } from 'zod';

export const BOOKING_ENV = defineEnv(
  'booking',
  z.object({
    /**
     * Bookings one scheduled hour may hold, whatever the shifts. Unset: the technicians on shift
     * that hour once any technician has shifts (none: full), else the number booking knows, at least 1.
     */
    SLOT_CAPACITY: z.coerce.number().int().positive().optional(),
    /** A Nominatim-style search endpoint (e.g. https://nominatim.openstreetmap.org/search). Unset: not used. */
    GEOCODER_URL: z.url().optional(),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().max(10_000).default(1500),
    /**
     * Pins the business clock to one instant (ISO 8601). For tests and demos only: with it, "today",
     * past hours and the ASAP window never move.
     */
    BOOKING_FIXED_NOW: z.iso.datetime({ offset: true }).optional(),
    /**
     * The ZIP codes booked, comma-separated: full 5-digit ZIPs or 3-digit prefixes ("45202,410").
     * Unset or empty: the Cincinnati SCF prefixes (DEFAULT_SERVED_ZIP_CODES).
     */
    SERVED_ZIP_CODES: z
      .string()
      .optional()
      .transform((text) => (text ?? '').split(',').map((entry) => entry.trim()))
      .transform((entries) => entries.filter(Boolean))
      .pipe(
        z.array(
          z
            .string()
            .regex(SERVED_ZIP_ENTRY, 'each entry must be a 5-digit ZIP or a 3-digit prefix'),
        ),
      )
      .transform((entries): readonly string[] =>
        entries.length ? entries : DEFAULT_SERVED_ZIP_CODES,
      ),
  }),
);
export type BookingEnv = EnvOf<typeof BOOKING_ENV>;
