import { BOOKING_MESSAGES, ERROR_CODES, isWithinServiceHours } from '@cincy/contracts';
import type { RuleViolation } from '../common/rule-violation';

/** ASAP is refused outside the rapid-response window, with the message the web app recognises. */
export function checkAsapHours(now: Date): RuleViolation | null {
  if (isWithinServiceHours(now)) return null;
  return { code: ERROR_CODES.outsideServiceHours, message: BOOKING_MESSAGES.outsideServiceHours };
}
