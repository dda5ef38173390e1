import {
  BOOKING,
  TEXT_LIMITS,
  TRACKING_MESSAGES,
  normalizeReference,
  type FindBooking,
} from '@cincy/contracts';

/**
 * "Find your booking": the form's rules, as `findBookingSchema` words them, checked by hand so the
 * page loads no zod; and what a refusal shows. Pure, no React.
 */

export interface FindBookingValues {
  reference: string;
  phone: string;
}
export type FindBookingField = keyof FindBookingValues;
export type FindBookingErrors = Partial<Record<FindBookingField, string>>;

/** The texts of `findBookingSchema` (the server says the same). */
export const FIND_BOOKING_MESSAGES = {
  referenceRequired: 'Reference is required',
  referenceFormat: 'Enter the reference as it reads, like CB-7K3Q9',
  phoneRequired: 'Phone number is required',
  phoneCharacters: 'Phone number may contain only digits, spaces, parentheses and hyphens',
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneTooLong: `Phone number must be at most ${TEXT_LIMITS.phone} characters`,
  tooMany: 'Too many tries. Please wait a minute, then try again.',
  unreachable: 'We could not reach our server. Check your connection and try again.',
  failed: 'Something went wrong. Please try again, or call us.',
} as const;

export type FindBookingCheck =
  { ok: true; body: FindBooking } | { ok: false; errors: FindBookingErrors };

/** The form's values checked; when they pass, the body to send (the reference tidied). */
export function checkFindBooking(values: FindBookingValues): FindBookingCheck {
  const errors: FindBookingErrors = {};
  const typed = values.reference.trim();
  const reference = normalizeReference(typed);
  if (!typed) errors.reference = FIND_BOOKING_MESSAGES.referenceRequired;
  else if (!reference) errors.reference = FIND_BOOKING_MESSAGES.referenceFormat;

  const phone = values.phone.trim();
  if (!phone) errors.phone = FIND_BOOKING_MESSAGES.phoneRequired;
  else if (phone.length > TEXT_LIMITS.phone) errors.phone = FIND_BOOKING_MESSAGES.phoneTooLong;
  else if (!/^[\d()\s+-]*$/.test(phone)) errors.phone = FIND_BOOKING_MESSAGES.phoneCharacters;
  else if (phone.replace(/\D/g, '').length < BOOKING.phoneMinLength)
    errors.phone = FIND_BOOKING_MESSAGES.phoneTooShort;

  if (errors.reference || errors.phone || !reference) return { ok: false, errors };
  return { ok: true, body: { reference, phone } };
}

/** What a refused search shows: a line above the form, and any errors beside their fields. */
export interface FindBookingRefusal {
  message: string;
  errors: FindBookingErrors;
}

interface RefusedCall {
  status?: unknown;
  serverMessage?: unknown;
  fieldErrors?: unknown;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * A failed search, for the visitor: no match (404) and too many tries (429, the server's words
 * say how long to wait); a refused field beside its field; a lost connection as such.
 */
export function findBookingRefusal(error: unknown): FindBookingRefusal {
  const refused = (error ?? {}) as RefusedCall;
  const status = typeof refused.status === 'number' ? refused.status : undefined;
  const server = text(refused.serverMessage);
  if (status === undefined) return { message: FIND_BOOKING_MESSAGES.unreachable, errors: {} };
  if (status === 404) return { message: server ?? TRACKING_MESSAGES.findNotFound, errors: {} };
  if (status === 429) return { message: server ?? FIND_BOOKING_MESSAGES.tooMany, errors: {} };
  const errors: FindBookingErrors = {};
  const fields = (refused.fieldErrors ?? {}) as Record<string, unknown>;
  for (const field of ['reference', 'phone'] as const) {
    const message = text(fields[field]);
    if (message) errors[field] = message;
  }
  return { message: server ?? FIND_BOOKING_MESSAGES.failed, errors };
}
