import {
  AppointmentStatus,
  CLOSED_STATUSES,
  ERROR_CODES,
  TRACKING_MESSAGES,
  isChangeableByCustomer,
} from '@cincy/contracts';
import type { RuleViolation } from '../common/rule-violation';
import { checkScheduledSlot, hourOf } from '../time-slots';

/** A visit as booking knows it when its customer asks to move it. */
export interface MovableVisit {
  status: AppointmentStatus;
  scheduledDate: string | null;
  scheduledTime: string | null;
}

const conflict = (message: string): RuleViolation => ({ code: ERROR_CODES.conflict, message });

/**
 * May the customer move this visit to that hour? Only until the van leaves, only a visit booked
 * for a set hour, only to another hour; the new hour by the same rule as a new booking (its
 * capacity is checked by holding it).
 */
export function checkReschedule(
  visit: MovableVisit,
  target: { date: string; time: string },
  now: Date,
): RuleViolation | null {
  if (!isChangeableByCustomer(visit.status)) {
    const closed = (CLOSED_STATUSES as readonly AppointmentStatus[]).includes(visit.status);
    return conflict(closed ? TRACKING_MESSAGES.closed : TRACKING_MESSAGES.onTheWay);
  }
  if (visit.scheduledDate === null || visit.scheduledTime === null)
    return conflict(TRACKING_MESSAGES.notScheduled);
  if (visit.scheduledDate === target.date && hourOf(visit.scheduledTime) === hourOf(target.time))
    return conflict(TRACKING_MESSAGES.sameHour);
  return checkScheduledSlot(target.date, target.time, now);
}
