import {
  BOOKING_MESSAGES,
  ERROR_CODES,
  ScheduleFacts,
  isOnShift,
  isWithinServiceHours,
  shiftsInUse,
} from '@cincy/contracts';
import type { RuleViolation } from '../common/rule-violation';

const OUTSIDE: RuleViolation = {
  code: ERROR_CODES.outsideServiceHours,
  message: BOOKING_MESSAGES.outsideServiceHours,
};

/**
 * ASAP is refused outside the rapid-response window, with the message the web app recognises;
 * once technicians have schedules, also when nobody is on shift to come (the same answer: the
 * visitor's choice is the same, schedule a time or call).
 */
export function checkAsapHours(
  now: Date,
  schedules: readonly ScheduleFacts[] = [],
): RuleViolation | null {
  if (!isWithinServiceHours(now)) return OUTSIDE;
  if (shiftsInUse(schedules) && !schedules.some((s) => isOnShift(s, now))) return OUTSIDE;
  return null;
}
