// No zod here: the public pages import these constants without the schemas' weight.

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  forbidden: 'FORBIDDEN',
  /** A session that has a password but not yet its second step (issue 38). */
  mfaRequired: 'MFA_REQUIRED',
  conflict: 'CONFLICT',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  timeSlotFull: 'TIME_SLOT_FULL',
  outsideServiceHours: 'OUTSIDE_SERVICE_HOURS',
  outsideServiceArea: 'OUTSIDE_SERVICE_AREA',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The HTTP status each code is answered with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  MFA_REQUIRED: 403,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  TIME_SLOT_FULL: 409,
  OUTSIDE_SERVICE_HOURS: 422,
  /** The address's ZIP is not one the vans serve: the request is understood, and declined. */
  OUTSIDE_SERVICE_AREA: 422,
  /** One Idempotency-Key sent again with a different body (IETF draft: 422). */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  /** A body that is not what the route reads (a text file sent as a photo). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
};
