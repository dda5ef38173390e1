import { ScheduleFacts, onShiftInHour, shiftsInUse } from '@cincy/contracts';

/** Who may take a scheduled hour: the technicians booking knows, and their schedules. */
export interface Staffing {
  knownTechnicians: number;
  schedules: readonly ScheduleFacts[];
}

/**
 * How many bookings one scheduled hour holds: SLOT_CAPACITY when configured (an office's
 * override wins over everything); else, once any technician has a schedule, the technicians on
 * shift for that hour (none: the hour is full); else one per technician booking knows about, and
 * never less than one (an empty technicians table must not close the grid).
 */
export function slotCapacity(
  configured: number | undefined,
  { knownTechnicians, schedules }: Staffing,
  date: string,
  hour: number,
): number {
  if (configured !== undefined) return configured;
  if (shiftsInUse(schedules)) return schedules.filter((s) => onShiftInHour(s, date, hour)).length;
  return Math.max(1, knownTechnicians);
}

export function isSlotFull(bookedInSlot: number, capacity: number): boolean {
  return bookedInSlot >= capacity;
}

/**
 * The advisory lock that serialises bookings of one hour across every replica: two int4 keys,
 * a fixed namespace and the slot, so it never meets the single-key migration lock.
 */
export const SLOT_LOCK_NAMESPACE = 'booking.slot';
export const slotLockKey = (date: string, hour: number): string =>
  `${date}T${String(hour).padStart(2, '0')}`;
