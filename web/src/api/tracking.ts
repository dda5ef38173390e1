import type {
  BookingDetails,
  CancelBooking,
  FindBooking,
  RescheduleBooking,
  RpcAnswer,
  TrackingView,
  foundBookingSchema,
  rescheduledBookingSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaOutput } from './schema-types';

// The customer's side of a visit, by its private link's token. The answers are not parsed (that
// would load zod on the public pages); their types are the contracts'.

export type FoundBooking = SchemaOutput<typeof foundBookingSchema>;
export type RescheduledBooking = SchemaOutput<typeof rescheduledBookingSchema>;

/** The token is a path segment: encoded, though a real one is base64url already. */
const byToken = (base: string, token: string) => `${base}/${encodeURIComponent(token)}`;

/** Query keys of these reads (they hold the token: kept in memory only, never logged). */
export const TRACKING_KEYS = {
  booking: (token: string) => ['/api/bookings/:token', token] as const,
  track: (token: string) => ['/api/track/:token', token] as const,
};

/** GET /api/bookings/{token}: the confirmation page, the customer's own details and the visit. */
export function fetchBookingDetails(token: string, signal?: AbortSignal): Promise<BookingDetails> {
  return requestJson('GET', byToken('/api/bookings', token), undefined, { signal });
}

/** GET /api/track/{token}: what the tracking page shows (no last name, phone or address). */
export function fetchTrackingView(token: string, signal?: AbortSignal): Promise<TrackingView> {
  return requestJson('GET', byToken('/api/track', token), undefined, { signal });
}

/** POST /api/bookings/find: a reference and its phone number give a new private link. */
export function findBooking(body: FindBooking): Promise<FoundBooking> {
  return requestJson('POST', '/api/bookings/find', body);
}

/** POST /api/track/{token}/cancel: answers the visit as it now is (cancelled). */
export function cancelVisit(token: string, body: CancelBooking): Promise<TrackingView> {
  return requestJson('POST', `${byToken('/api/track', token)}/cancel`, body);
}

/** POST /api/track/{token}/reschedule: another hour for a visit booked for a set hour. */
export function rescheduleVisit(
  token: string,
  body: RescheduleBooking,
): Promise<RescheduledBooking> {
  return requestJson('POST', `${byToken('/api/track', token)}/reschedule`, body);
}

/** What POST /api/track/{token}/opt-out answers: the sentence to show. */
export type OptOutAnswer = RpcAnswer<'notify.opt-out'>;

/**
 * GET /api/track/{token}/receipt: the completed visit's receipt (a PDF), opened by a plain link
 * (the browser downloads it; nothing to read here).
 */
export function receiptUrl(token: string): string {
  return `${byToken('/api/track', token)}/receipt`;
}

/** A photo of the completed visit, by the private link (shown to nobody else). */
export const visitPhotoUrl = (token: string, photoId: number) =>
  `${byToken('/api/track', token)}/photos/${photoId}`;

/** POST /api/track/{token}/opt-out: no more texts or emails about the customer's visits. */
export function optOut(token: string): Promise<OptOutAnswer> {
  return requestJson('POST', `${byToken('/api/track', token)}/opt-out`);
}

/** POST /api/track/{token}/pay: the card checkout page for what the done visit owes. */
export function payVisit(token: string): Promise<{ url: string }> {
  return requestJson('POST', `${byToken('/api/track', token)}/pay`);
}
