import { ACCOUNT_MESSAGES, ApiError, ERROR_CODES, toValidationError } from '@cincy/contracts';
import { HttpException } from '@nestjs/common';
import { z } from 'zod';

/** An HTTP error whose body is already the API's `{ code, message, fieldErrors? }`. */
export class ApiException extends HttpException {
  constructor(status: number, body: ApiError) {
    super(body, status);
  }
}

export const unauthenticated = () =>
  new ApiException(401, {
    code: ERROR_CODES.unauthenticated,
    message: 'Please log in to continue.',
  });

export const forbidden = (message = 'You do not have permission to do that.') =>
  new ApiException(403, { code: ERROR_CODES.forbidden, message });

/** A session with its password but not its second step (or, for 'enroll', none set up yet). */
export const mfaRequired = (stage: string) =>
  new ApiException(403, {
    code: ERROR_CODES.mfaRequired,
    message: stage === 'enroll' ? ACCOUNT_MESSAGES.enrollFirst : ACCOUNT_MESSAGES.mfaRequired,
  });

/** Parses input with a contract schema; a failure is a 400 carrying the schema's messages. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiException(400, toValidationError(result.error));
  return result.data;
}
