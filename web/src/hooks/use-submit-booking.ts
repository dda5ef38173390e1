import { useMutation } from '@tanstack/react-query';
import {
  BOOKING_MESSAGES,
  ERROR_CODES,
  type AppointmentInput,
  type CustomerInput,
} from '@cincy/contracts';
import { createAppointment } from '../api/appointments';
import { createCustomer } from '../api/customers';
import { ApiRequestError } from '../api/request';

/**
 * A booking as the form sends it: the customer, then the appointment for the customer's new id,
 * under the form's Idempotency-Key (the same for every send of one filled form).
 */
export interface BookingRequest {
  customer: CustomerInput;
  appointment: (customerId: number) => AppointmentInput;
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

type Step = 'customer' | 'appointment';

const INVALID_ANSWER: Record<Step, string> = {
  customer: BOOKING_MESSAGES.invalidCustomer,
  appointment: BOOKING_MESSAGES.invalidAppointment,
};

/** The message of a refused step: the server's, else our fallback text for that step. */
function refusedMessage(step: Step, error: ApiRequestError): string {
  if (error.serverMessage) return error.serverMessage;
  if (step === 'customer') return BOOKING_MESSAGES.submitFallback;
  return error.code === ERROR_CODES.timeSlotFull
    ? BOOKING_MESSAGES.timeSlotFull
    : BOOKING_MESSAGES.appointmentFailed;
}

async function send<T>(step: Step, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiRequestError)
      throw new BookingSubmitError(refusedMessage(step, error), error.fieldErrors, error.code);
    // A success answer that is not JSON is an invalid answer, like one without an id.
    if (error instanceof SyntaxError) throw new BookingSubmitError(INVALID_ANSWER[step]);
    // A network failure: the fallback text, not the browser's 'Failed to fetch'.
    throw new BookingSubmitError(BOOKING_MESSAGES.submitFallback);
  }
}

/** The id of an answer, or undefined when it has none. */
function idOf(answer: unknown): number | undefined {
  const id = (answer as { id?: unknown } | null)?.id;
  const value = typeof id === 'number' || (typeof id === 'string' && id !== '') ? Number(id) : NaN;
  return Number.isNaN(value) ? undefined : value;
}

/** A text field of an answer, or null when it has none. */
function textOf(answer: unknown, field: string): string | null {
  const value = (answer as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A booking made: its id, and its reference and private link's token (`/confirmation/<token>`),
 * null when the answer lacks them (a server older than the private links).
 */
export interface BookedVisit {
  id: number;
  reference: string | null;
  token: string | null;
}

/**
 * The booking use case: create the customer, then the appointment for it. Resolves to the
 * booking made; every failure is a BookingSubmitError carrying the text the visitor sees.
 */
export async function submitBooking(request: BookingRequest): Promise<BookedVisit> {
  const customerId = idOf(await send('customer', () => createCustomer(request.customer)));
  if (customerId === undefined) throw new BookingSubmitError(INVALID_ANSWER.customer);
  const created = await send('appointment', () =>
    createAppointment(request.appointment(customerId), request.idempotencyKey),
  );
  const id = idOf(created);
  if (id === undefined) throw new BookingSubmitError(INVALID_ANSWER.appointment);
  return { id, reference: textOf(created, 'reference'), token: textOf(created, 'token') };
}

export function useSubmitBooking() {
  return useMutation({ mutationFn: submitBooking });
}
