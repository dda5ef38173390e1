import { ERROR_CODES, IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@cincy/contracts';
import { ApiException } from '../common/api-exception';

/**
 * The Idempotency-Key header of a request, checked: absent is fine (the booking is sent as
 * before), anything but one key of 1-255 visible ASCII characters is a 400 that says so.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (parsed.success) return parsed.data;
  const message = Array.isArray(header)
    ? `Send one ${IDEMPOTENCY_KEY_HEADER} header, not several`
    : (parsed.error.issues[0]?.message ?? `${IDEMPOTENCY_KEY_HEADER} is not valid`);
  // No fieldErrors: a header is no field of the form.
  throw new ApiException(400, { code: ERROR_CODES.validation, message });
}
