import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/** Every error answer of the API: `{ code, message, fieldErrors? }`. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Turns a zod failure into the API's error body: the first message of each field, and the first
 * message overall as `message`, so a client that reads only `message` still shows a useful text.
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
