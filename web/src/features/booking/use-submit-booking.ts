import { useMutation } from '@tanstack/react-query';
import { submitBooking } from './booking-api';
import type { BookingFormValues } from './booking-form.util';

export function useSubmitBooking() {
  return useMutation({ mutationFn: (values: BookingFormValues) => submitBooking(values) });
}
