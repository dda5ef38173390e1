import { TRACKING_MESSAGES, normalizeReference, type FindBooking } from '@cincy/contracts';
import type { z } from 'zod';
import {
  TOO_MANY_TRIES,
  refusalOf,
  schemaErrors,
  type FieldErrors,
  type Refusal,
} from '../../../lib/public-form';

/**
 * "Find your booking": the form checked by the contracts' `findBookingSchema` (loaded when the
 * visitor sends, `find-booking.schema.ts`, so the page's first paint carries no zod), and what a
 * refusal shows. Pure, no React.
 */

export interface FindBookingValues {
  reference: string;
  phone: string;
}
export type FindBookingField = keyof FindBookingValues;
export type FindBookingErrors = FieldErrors<FindBookingField>;

/** The page's own words, for what the server did not word. */
export const FIND_BOOKING_MESSAGES = {
  failed: 'Something went wrong. Please try again, or call us.',
} as const;

export type FindBookingCheck =
  { ok: true; body: FindBooking } | { ok: false; errors: FindBookingErrors };

/** The form's values checked; when they pass, the body to send (the reference tidied). */
export function checkFindBooking(values: FindBookingValues, schema: z.ZodType): FindBookingCheck {
  const errors = schemaErrors<FindBookingField>(schema, values);
  const reference = normalizeReference(values.reference.trim());
  if (errors.reference || errors.phone || !reference) return { ok: false, errors };
  return { ok: true, body: { reference, phone: values.phone.trim() } };
}

/**
 * A failed search, for the visitor: no match (404) and too many tries (429, the server's words
 * say how long to wait); a refused field beside its field; a lost connection as such.
 */
export const findBookingRefusal = (error: unknown): Refusal<FindBookingField> =>
  refusalOf(error, FIND_BOOKING_MESSAGES.failed, {
    fields: ['reference', 'phone'],
    byStatus: { 404: TRACKING_MESSAGES.findNotFound, 429: TOO_MANY_TRIES },
  });
