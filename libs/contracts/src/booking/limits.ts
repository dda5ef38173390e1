// No zod here: the booking form's first paint needs these, not the schemas.

const NAME_PART = 50;

/** Limits on free text: a booking is small; anything larger is abuse or a mistake. */
export const TEXT_LIMITS = {
  /** The booking form's first and last name, each. */
  firstName: NAME_PART,
  lastName: NAME_PART,
  /** A customer's name: the form's first and last name joined by a space fit (50 + 1 + 50). */
  name: NAME_PART * 2 + 1,
  phone: 20,
  email: 254,
  street: 120,
  city: 60,
  location: 250,
  vehicle: 120,
  notes: 1000,
  /** Why a visit is cancelled (the customer's or the office's). */
  cancelReason: 500,
  /** Why a technician hands a job back. */
  handBackReason: 200,
} as const;

/**
 * The request header of POST /api/appointments that makes a booking idempotent (IETF draft "The
 * Idempotency-Key HTTP Header Field"): the same key with the same request books once and answers
 * the same. Here, not beside the schema, so the booking form sends it without zod.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
