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
