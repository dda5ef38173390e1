import { bookingFormSchema, customerInputSchema } from '@cincy/contracts';
import { schemaErrors } from '../../lib/public-form';
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
  return schemaErrors<BookingFieldName>(bookingFormWithEmail, {
    ...values,
    email: normalizeEmail(values.email),
  });
}

/** The message of one field, for validation on blur. */
export function validateBookingField(
  values: BookingFormValues,
  field: BookingFieldName,
): string | undefined {
  return validateBookingForm(values)[field];
}
