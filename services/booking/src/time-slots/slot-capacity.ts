/**
 * How many bookings one scheduled hour holds: SLOT_CAPACITY when configured, else one per
 * technician booking knows about, and never less than one (an empty technicians table must not
 * close the grid).
 */
export function slotCapacity(configured: number | undefined, knownTechnicians: number): number {
  return configured ?? Math.max(1, knownTechnicians);
}

export function isSlotFull(bookedInSlot: number, capacity: number): boolean {
  return bookedInSlot >= capacity;
}

/** Statuses that give a slot back. Dispatch owns the lifecycle; booking only ever writes 'pending'. */
export const RELEASED_STATUSES = ['declined'] as const;

/**
 * The advisory lock that serialises bookings of one hour across every replica: two int4 keys,
 * a fixed namespace and the slot, so it never meets the single-key migration lock.
 */
export const SLOT_LOCK_NAMESPACE = 'booking.slot';
export const slotLockKey = (date: string, hour: number): string =>
  `${date}T${String(hour).padStart(2, '0')}`;
