import { useMutation } from '@tanstack/react-query';
import { BOOKING_MESSAGES, ERROR_CODES, type BookingInput } from '@cincy/contracts';
import type { BookedVisit } from '../api/booked-visit';
import { createBooking } from '../api/bookings';
import { ApiRequestError } from '../api/request';

/**
 * A booking as the form sends it: the customer's fields and the appointment's in one body, under
 * the form's Idempotency-Key (the same for every send of one filled form).
 */
export interface BookingRequest {
  booking: BookingInput;
  idempotencyKey: string;
}

/** A failed submission, with the text to show and any field errors. */
export class BookingSubmitError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** The server's error code (`OUTSIDE_SERVICE_HOURS`, ...), when a server refused. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'BookingSubmitError';
  }
}

/** The message of a refusal: the server's, else the spec's text for a full hour or any other. */
function refusedMessage(error: ApiRequestError): string {
  if (error.serverMessage) return error.serverMessage;
  return error.code === ERROR_CODES.timeSlotFull
    ? BOOKING_MESSAGES.timeSlotFull
    : BOOKING_MESSAGES.appointmentFailed;
}

/** Every failure as the text the visitor sees. */
function submitError(error: unknown): BookingSubmitError {
  if (error instanceof ApiRequestError)
    return new BookingSubmitError(refusedMessage(error), error.fieldErrors, error.code);
  // A success answer that is not JSON is an invalid answer, like one without an id.
  if (error instanceof SyntaxError)
    return new BookingSubmitError(BOOKING_MESSAGES.invalidAppointment);
  // A network failure: the fallback text, not the browser's 'Failed to fetch'.
  return new BookingSubmitError(BOOKING_MESSAGES.submitFallback);
}

/**
 * The booking use case: one call books the customer and the appointment together (POST
 * /api/bookings), so a lost connection leaves both or neither, and a retry under the same key gets
 * the one booking. Resolves to the booking made; every failure is a BookingSubmitError carrying
 * the text the visitor sees.
 */
export async function submitBooking({
  booking,
  idempotencyKey,
}: BookingRequest): Promise<BookedVisit> {
  // Fetched beside the call (the validation has usually brought it already).
  const parser = import('../api/booked-visit');
  let visit: BookedVisit | null;
  try {
    const answer = await createBooking(booking, idempotencyKey);
    visit = (await parser).parseBookedVisit(answer);
  } catch (error) {
    throw submitError(error);
  }
  if (!visit) throw new BookingSubmitError(BOOKING_MESSAGES.invalidAppointment);
  return visit;
}

export function useSubmitBooking() {
  return useMutation({ mutationFn: submitBooking });
}
