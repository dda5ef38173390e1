import {
  BOOKING,
  BOOKING_MESSAGES,
  GRID_HOURS,
  ERROR_CODES,
  RAPID_RESPONSE_MARKER,
  addDays,
  bookableDates,
  businessDate,
  businessParts,
  calendarDayLabel,
  hourLabel,
  isPastHour,
  stateCode,
  type AppointmentInput,
  type BookingForm,
  type BookingInput,
  type CustomerInput,
  type TimeSlot,
} from '@cincy/contracts';

/** Pure helpers of the booking form: no React, no network, so they are easy to test. */

/**
 * The shared form schema's values plus the optional email (for the confirmation and the receipt).
 * bookingFormSchema has no email: the browser checks it with the customer schema's rule
 * (booking-validation.util).
 */
export type BookingFormValues = BookingForm & { email?: string };
export type BookingFieldName = keyof BookingFormValues;
export type BookingFieldErrors = Partial<Record<BookingFieldName, string>>;
export type TimingMode = 'asap' | 'later';

export const EMPTY_BOOKING_FORM: BookingFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  vehicleYear: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleColor: '',
  preferredDate: '',
  scheduledTime: '',
  notes: '',
  agreeToTerms: false,
};

/** Keeps only what a phone number may contain: digits, parentheses, spaces and hyphens. */
export function filterPhoneInput(raw: string): string {
  return raw.replace(/[^\d() -]/g, '');
}

/** Digits and hyphens only, a hyphen after the fifth digit, at most 10 characters ("12345-6789"). */
export function formatZipInput(raw: string): string {
  const kept = raw.replace(/[^\d-]/g, '');
  const digits = kept.replace(/-/g, '').slice(0, 9);
  if (digits.length > 5)
    return `${digits.slice(0, 5)}-${digits.slice(5)}`.slice(0, BOOKING.zipMaxLength);
  // Keep a hyphen the visitor typed right after five digits, so "12345-" can be typed on.
  if (digits.length === 5 && /^\d{5}-/.test(kept)) return `${digits}-`;
  return digits;
}

/** Digits and hyphens only (applied again just before sending). */
export function sanitizeZip(zip: string): string {
  return zip.replace(/[^\d-]/g, '');
}

/** Collapses runs of whitespace and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * "123 Main St, Cincinnati, OH 45202": the one address string sent and used for time slots, with
 * the state's two-letter code (as every address is stored and shown).
 */
export function buildLocation(
  values: Pick<BookingFormValues, 'street' | 'city' | 'state' | 'zip'>,
): string {
  const street = collapseWhitespace(values.street);
  const city = collapseWhitespace(values.city);
  const state = stateCode(values.state) ?? values.state;
  const zip = sanitizeZip(values.zip);
  return collapseWhitespace(`${street}, ${city}, ${state} ${zip}`);
}

/** The time-slot lookup runs only for an address that looks real enough. */
export function canLookUpTimeSlots(
  values: Pick<BookingFormValues, 'street' | 'city'>,
  address: string,
): boolean {
  return address.length > 10 && values.street.trim() !== '' && values.city.trim() !== '';
}

/** "2019 Toyota Camry (Blue)"; parts left empty are skipped; nothing at all gives null. */
export function buildVehicleString(
  values: Pick<BookingFormValues, 'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'vehicleColor'>,
): string | null {
  const main = [values.vehicleYear, values.vehicleMake, values.vehicleModel]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const color = (values.vehicleColor ?? '').trim();
  const text = [main, color ? `(${color})` : ''].filter(Boolean).join(' ');
  return text || null;
}

/** The current year on the business clock and the 29 before it, newest first. */
export function vehicleYearChoices(now: Date = new Date()): string[] {
  const { year } = businessParts(now);
  return Array.from({ length: BOOKING.vehicleYears }, (_, i) => String(year - i));
}

export interface DateChoice {
  value: string;
  label: string;
}

/** The bookable dates (today and the next 6 days) labelled "Today", "Tomorrow", then "Mon, Nov 23". */
export function dateChoices(now: Date = new Date()): DateChoice[] {
  return bookableDates(now).map((value, i) => ({
    value,
    label: i === 0 ? 'Today' : i === 1 ? 'Tomorrow' : calendarDayLabel(value),
  }));
}

/** The first date that still has an hour to offer (today, or tomorrow late in the evening). */
export function firstBookableDate(now: Date = new Date()): string {
  const today = businessDate(now);
  return isPastHour(today, BOOKING.lastHour, now) ? addDays(today, 1) : today;
}

export interface HourOption {
  hour: number;
  label: string;
  disabled: boolean;
  /** Why it cannot be chosen, when it cannot. */
  reason?: string;
}

/** Shown when the server marks an hour unavailable without saying why. */
const UNAVAILABLE_REASON = 'Not available';

/** The 13 hour buttons for a date, merged with the server's slots when it answered. */
export function hourOptions(
  date: string,
  slots: readonly TimeSlot[] | undefined,
  now: Date = new Date(),
): HourOption[] {
  return GRID_HOURS.map((hour) => {
    const label = hourLabel(hour);
    if (isPastHour(date, hour, now))
      return { hour, label, disabled: true, reason: BOOKING_MESSAGES.timeSlotPassed };
    const slot = slots?.find((s) => s.hour === hour);
    if (slot && !slot.available)
      return { hour, label, disabled: true, reason: slot.reason || UNAVAILABLE_REASON };
    return { hour, label, disabled: false };
  });
}

/** The first hour of a grid that can still be chosen, or null when none can. */
export function firstOpenHour(options: readonly HourOption[]): number | null {
  return options.find((option) => !option.disabled)?.hour ?? null;
}

/**
 * Outside the ASAP window the form suggests the first free hour instead: the first bookable date
 * and its first hour not yet begun (the server's answer, once it has one, may move it on).
 */
export function suggestedSlot(now: Date): { date: string; hour: number | null } {
  const date = firstBookableDate(now);
  return { date, hour: firstOpenHour(hourOptions(date, undefined, now)) };
}

/** The form keeps the chosen slot as "YYYY-MM-DDTHH:00" (preferred date plus hour, business clock). */
export function toScheduledTime(date: string, hour: number): string {
  return `${date}T${String(hour).padStart(2, '0')}:00`;
}

export function parseScheduledTime(
  value: string | undefined,
): { date: string; hour: number } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00$/.exec(value ?? '');
  return match ? { date: match[1], hour: Number(match[2]) } : null;
}

/** The email as sent: trimmed, null when left empty. */
export function normalizeEmail(email: string | undefined): string | null {
  const trimmed = (email ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** POST /api/customers body. */
export function buildCustomerPayload(values: BookingFormValues): CustomerInput {
  return {
    name: collapseWhitespace(`${values.firstName} ${values.lastName}`),
    phone: values.phone.trim(),
    email: normalizeEmail(values.email),
  };
}

/** The appointment's half of the booking: a new booking is always pending and of normal priority. */
export function buildAppointmentPayload(
  values: BookingFormValues,
): Omit<AppointmentInput, 'customerId'> {
  const slot = parseScheduledTime(values.scheduledTime);
  const scheduledDate = slot?.date ?? (values.preferredDate || null);
  const notes = values.notes?.trim();
  return {
    location: buildLocation(values),
    vehicle: buildVehicleString(values),
    preferredTime: scheduledDate ?? 'ASAP',
    scheduledDate,
    scheduledTime: slot ? `${String(slot.hour).padStart(2, '0')}:00:00` : null,
    notes: notes ? notes : null,
    status: 'pending',
    priority: 'normal',
  };
}

/** POST /api/bookings body: the customer's fields and the appointment's, in one call. */
export function buildBookingPayload(values: BookingFormValues): BookingInput {
  return { ...buildCustomerPayload(values), ...buildAppointmentPayload(values) };
}

/**
 * Where the form goes once the visit is booked: the confirmation page by the booking's private
 * link, never the visitor's details in the address. Without a link (an answer that lacks it), the
 * page that finds a booking by its reference and phone number.
 */
export function confirmationPath(token: string | null): string {
  return token ? `/confirmation/${encodeURIComponent(token)}` : '/confirmation';
}

/**
 * The toast for a failed submission: the message, or 'Please check your information and try
 * again.'; an ASAP request outside the rapid-response window (its code, or a message that names
 * the window) is titled 'Alternative Scheduling Available'.
 */
export function submissionErrorToast(
  message: string | undefined,
  code?: string,
): {
  title: string;
  description: string;
  rapidResponse: boolean;
} {
  const description = message?.trim() ? message : BOOKING_MESSAGES.submitFallback;
  const rapidResponse =
    code === ERROR_CODES.outsideServiceHours || description.includes(RAPID_RESPONSE_MARKER);
  return {
    title: rapidResponse ? 'Alternative Scheduling Available' : 'Unable to submit request',
    description,
    rapidResponse,
  };
}

/** Server field names (customer and appointment payloads) mapped onto the form's fields. */
const SERVER_FIELD_TO_FORM: Record<string, BookingFieldName> = {
  name: 'firstName',
  phone: 'phone',
  email: 'email',
  location: 'street',
  vehicle: 'vehicleMake',
  notes: 'notes',
  preferredTime: 'preferredDate',
  scheduledDate: 'preferredDate',
  scheduledTime: 'scheduledTime',
};

/**
 * Where a refusal's code says which part of the address was wrong: the location is sent as one
 * string, and an address outside the service area is wrong by its ZIP, not its street.
 */
const SERVER_FIELD_BY_CODE: Partial<Record<string, Record<string, BookingFieldName>>> = {
  [ERROR_CODES.outsideServiceArea]: { location: 'zip' },
};

/** The server's field errors on the form's fields; `code` is the refusal's error code, if any. */
export function mapServerFieldErrors(
  fieldErrors: Record<string, string> | undefined,
  code?: string,
): BookingFieldErrors {
  const result: BookingFieldErrors = {};
  const byCode = code ? SERVER_FIELD_BY_CODE[code] : undefined;
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const field =
      byCode?.[key] ??
      SERVER_FIELD_TO_FORM[key] ??
      (key in EMPTY_BOOKING_FORM ? (key as BookingFieldName) : undefined);
    if (field && !result[field]) result[field] = message;
  }
  return result;
}
