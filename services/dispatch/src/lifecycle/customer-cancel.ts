import {
  AppointmentStatus,
  ERROR_CODES,
  Refusal,
  TRACKING_MESSAGES,
  isChangeableByCustomer,
  isClosed,
} from '@cincy/contracts';

/**
 * May the customer cancel a visit in `status`? Until the van leaves; once it is on the way or
 * there, only a call to the office stops it, and a closed visit stays closed.
 */
export function checkCustomerCancel(status: AppointmentStatus): Refusal | null {
  if (isChangeableByCustomer(status)) return null;
  const message = isClosed(status) ? TRACKING_MESSAGES.closed : TRACKING_MESSAGES.onTheWay;
  return { code: ERROR_CODES.conflict, message };
}
