import { bookingFormSchema, customerInputSchema } from '@cincy/contracts';
import {
  normalizeEmail,
  type BookingFieldErrors,
  type BookingFieldName,
  type BookingFormValues,
} from './booking-form.util';

/**
 * The shared form schema plus the optional email, checked by the customer schema's own rule (the
 * one POST /api/customers applies, 'Invalid email'): the form never passes what the server refuses.
 */
const bookingFormWithEmail = bookingFormSchema.extend({ email: customerInputSchema.shape.email });

/** Runs the shared schema and keeps the first message of each field. */
export function validateBookingForm(values: BookingFormValues): BookingFieldErrors {
  // Checked as it is sent: trimmed, empty as none.
  const result = bookingFormWithEmail.safeParse({ ...values, email: normalizeEmail(values.email) });
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
