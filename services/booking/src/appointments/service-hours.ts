import { BOOKING, BOOKING_MESSAGES, BUSINESS, ERROR_CODES, businessParts } from '@cincy/contracts';
import type { RuleViolation } from '../time-slots/time-slot-rules';

/** 9 -> '9 AM', 21 -> '9 PM'. */
export function formatHour(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12} ${hour < 12 ? 'AM' : 'PM'}`;
}

export const RAPID_RESPONSE_WINDOW = `${formatHour(BOOKING.asapFromHour)} - ${formatHour(BOOKING.asapUntilHour)}`;

/** ASAP means "within the hour", so it is only taken while technicians are out: [9:00, 21:00). */
export function isWithinServiceHours(now: Date): boolean {
  const { hour } = businessParts(now);
  return hour >= BOOKING.asapFromHour && hour < BOOKING.asapUntilHour;
}

export function checkAsapHours(now: Date): RuleViolation | null {
  if (isWithinServiceHours(now)) return null;
  return {
    code: ERROR_CODES.outsideServiceHours,
    message: BOOKING_MESSAGES.outsideServiceHours(BUSINESS.phone, RAPID_RESPONSE_WINDOW),
  };
}
