import type { BookingFieldErrors, BookingFieldName } from './booking-form.util';

/** Field order on screen, to focus the first invalid one after a failed submit. */
export const BOOKING_FIELD_ORDER: readonly BookingFieldName[] = [
  'firstName',
  'lastName',
  'phone',
  'email',
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
