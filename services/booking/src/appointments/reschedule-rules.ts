import {
  AppointmentStatus,
  ERROR_CODES,
  TRACKING_MESSAGES,
  isChangeableByCustomer,
  isClosed,
} from '@cincy/contracts';
import type { RuleViolation } from '../common/rule-violation';
import { checkScheduledSlot, hourOf } from '../time-slots';

/** A visit as booking knows it when its customer or staff ask to move it. */
export interface MovableVisit {
  status: AppointmentStatus;
  scheduledDate: string | null;
  scheduledTime: string | null;
}

const conflict = (message: string): RuleViolation => ({ code: ERROR_CODES.conflict, message });

/** Who asks: the customer from their visit's page, or staff from the Day View. */
export type Mover = 'customer' | 'staff';

/**
 * May this visit move to that hour? Only until the van leaves, only to another hour; the new hour
 * by the same rule as a new booking (its capacity is checked by holding it). The customer moves
 * only a visit booked for a set hour; staff may also give an ASAP request an hour (the Day View
 * drags it like any job).
 */
export function checkReschedule(
  visit: MovableVisit,
  target: { date: string; time: string },
  now: Date,
  mover: Mover = 'customer',
): RuleViolation | null {
  if (!isChangeableByCustomer(visit.status)) {
    return conflict(isClosed(visit.status) ? TRACKING_MESSAGES.closed : TRACKING_MESSAGES.onTheWay);
  }
  const { scheduledDate, scheduledTime } = visit;
  if (scheduledDate === null || scheduledTime === null) {
    if (mover === 'customer') return conflict(TRACKING_MESSAGES.notScheduled);
  } else if (scheduledDate === target.date && hourOf(scheduledTime) === hourOf(target.time)) {
    return conflict(TRACKING_MESSAGES.sameHour);
  }
  return checkScheduledSlot(target.date, target.time, now);
}
