import { z } from 'zod';

/** Every error answer of the API: `{ code, message, fieldErrors? }`. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  timeSlotFull: 'TIME_SLOT_FULL',
  outsideServiceHours: 'OUTSIDE_SERVICE_HOURS',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
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
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  TIME_SLOT_FULL: 409,
  OUTSIDE_SERVICE_HOURS: 422,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
};

/**
 * Turns a zod failure into the API's error body: the first message of each field, and the first
 * message overall as `message`, so a client that reads only `message` still shows a spec text.
 */
export function toValidationError(error: z.ZodError): ApiError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fieldErrors[key] ??= issue.message;
  }
  return {
    code: ERROR_CODES.validation,
    message: error.issues[0]?.message ?? 'Invalid request',
    fieldErrors,
  };
}
