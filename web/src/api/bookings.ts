import type { BookingInput } from '@cincy/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@cincy/contracts';
import { requestJson } from './request';

/**
 * Books a visit with its customer in one call (POST /api/bookings). The answer is read by the
 * caller with the contract's schema (`parseBookedVisit`), so it is `unknown` here. With an
 * Idempotency-Key, a repeat of the same request (a retry after a lost answer) answers the booking
 * already made instead of booking again.
 */
export function createBooking(input: BookingInput, idempotencyKey: string): Promise<unknown> {
  return requestJson('POST', '/api/bookings', input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
