import { bookingFormSchema } from '@cincy/contracts';
import type { BookingFieldErrors, BookingFieldName, BookingFormValues } from './booking-form.util';

/** Runs the shared schema and keeps the first message of each field. */
export function validateBookingForm(values: BookingFormValues): BookingFieldErrors {
  const result = bookingFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: BookingFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as BookingFieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The message of one field, for validation on blur. */
export function validateBookingField(
  values: BookingFormValues,
  field: BookingFieldName,
): string | undefined {
  return validateBookingForm(values)[field];
}

/** Field order on screen, to focus the first invalid one after a failed submit. */
export const BOOKING_FIELD_ORDER: readonly BookingFieldName[] = [
  'firstName',
  'lastName',
  'phone',
  'street',
  'city',
  'state',
  'zip',
  'vehicleYear',
  'vehicleMake',
  'vehicleModel',
  'vehicleColor',
  'preferredDate',
  'scheduledTime',
  'notes',
  'agreeToTerms',
];

export function firstInvalidField(errors: BookingFieldErrors): BookingFieldName | undefined {
  return BOOKING_FIELD_ORDER.find((field) => errors[field]);
}
