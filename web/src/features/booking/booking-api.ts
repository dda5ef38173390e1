import { BOOKING_MESSAGES, ERROR_CODES, timeSlotsSchema, type TimeSlot } from '@cincy/contracts';
import {
  buildAppointmentPayload,
  buildCustomerPayload,
  type BookingFormValues,
} from './booking-form.util';

/**
 * The booking calls. They read the error body ({code, message, fieldErrors}) themselves because
 * the booking messages depend on it (spec section 8), which a generic helper does not surface.
 */

export class BookingSubmitError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'BookingSubmitError';
  }
}

interface ErrorBody {
  code?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function readJson<T>(response: Response): Promise<T | undefined> {
  try {
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}

function readId(body: unknown): number | undefined {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? Number(id) : undefined;
}

export async function createCustomer(values: BookingFormValues): Promise<number> {
  const response = await postJson('/api/customers', buildCustomerPayload(values));
  if (!response.ok) {
    const error = await readJson<ErrorBody>(response);
    throw new BookingSubmitError(error?.message ?? '', error?.fieldErrors);
  }
  const id = readId(await readJson(response));
  if (id === undefined || Number.isNaN(id))
    throw new BookingSubmitError(BOOKING_MESSAGES.invalidCustomer);
  return id;
}

export async function createAppointment(
  values: BookingFormValues,
  customerId: number,
): Promise<number> {
  const response = await postJson('/api/appointments', buildAppointmentPayload(values, customerId));
  if (!response.ok) {
    const error = await readJson<ErrorBody>(response);
    const fallback =
      error?.code === ERROR_CODES.timeSlotFull
        ? BOOKING_MESSAGES.timeSlotFull
        : BOOKING_MESSAGES.appointmentFailed;
    throw new BookingSubmitError(error?.message || fallback, error?.fieldErrors);
  }
  const id = readId(await readJson(response));
  if (id === undefined || Number.isNaN(id))
    throw new BookingSubmitError(BOOKING_MESSAGES.invalidAppointment);
  return id;
}

/** Customer first, then the appointment; resolves to the appointment id. */
export async function submitBooking(values: BookingFormValues): Promise<number> {
  const customerId = await createCustomer(values);
  return createAppointment(values, customerId);
}

export async function fetchTimeSlots(
  date: string,
  address: string,
  signal?: AbortSignal,
): Promise<TimeSlot[]> {
  const url = `/api/time-slots?date=${encodeURIComponent(date)}&address=${encodeURIComponent(address)}`;
  const response = await fetch(url, { credentials: 'include', signal });
  if (!response.ok)
    throw new Error(response.statusText || `Request failed with status ${response.status}`);
  return timeSlotsSchema.parse(await response.json());
}
