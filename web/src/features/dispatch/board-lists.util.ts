import {
  businessDate,
  calendarDayLabel,
  clockTime,
  isActive,
  isClosed,
  toE164,
  type DashboardAppointment,
} from '@cincy/contracts';
import { compareCodeUnits } from '../../lib/sort';

export interface BoardLists {
  available: DashboardAppointment[];
  /** Given to a technician by dispatch, not yet accepted: no date or today's, oldest first. */
  assigned: DashboardAppointment[];
  inProgress: DashboardAppointment[];
  future: DashboardAppointment[];
}

const byRequested = (a: DashboardAppointment, b: DashboardAppointment) =>
  compareCodeUnits(a.requestedAt, b.requestedAt);
/** The open jobs of today in one list, oldest request first (dispatch's Available Jobs). */
export const openToday = (lists: Pick<BoardLists, 'available' | 'assigned'>) =>
  lists.assigned.length === 0
    ? lists.available
    : [...lists.available, ...lists.assigned].sort(byRequested);
const bySchedule = (a: DashboardAppointment, b: DashboardAppointment) =>
  compareCodeUnits(
    `${a.scheduledDate ?? ''}T${a.scheduledTime ?? ''}`,
    `${b.scheduledDate ?? ''}T${b.scheduledTime ?? ''}`,
  ) || byRequested(a, b);

/**
 * The board's three lists. `today` is the business date (America/New_York), not the browser's.
 * Available: pending with no scheduled date or scheduled today; Assigned: the same, assigned to a
 * technician who has not accepted yet. In Progress: accepted, en_route,
 * on_location. Future: scheduled on another day and not completed or declined.
 */
export function splitBoard(
  appointments: readonly DashboardAppointment[],
  today = businessDate(),
): BoardLists {
  const available = appointments
    .filter((a) => a.status === 'pending' && (!a.scheduledDate || a.scheduledDate === today))
    .sort(byRequested);
  const assigned = appointments
    .filter((a) => a.status === 'assigned' && (!a.scheduledDate || a.scheduledDate === today))
    .sort(byRequested);
  const inProgress = appointments.filter((a) => isActive(a.status)).sort(byRequested);
  const future = appointments
    .filter((a) => !!a.scheduledDate && a.scheduledDate !== today && !isClosed(a.status))
    .sort(bySchedule);
  return { available, assigned, inProgress, future };
}

/** How many of today's cancelled visits the board lists; the rest are counted. */
export const CANCELLED_SHOWN = 5;

/**
 * Today's cancelled visits (cancelled on the business day `today`), the latest first: at most
 * `limit` of them, and how many in all.
 */
export function cancelledToday(
  appointments: readonly DashboardAppointment[],
  today = businessDate(),
  limit = CANCELLED_SHOWN,
): { shown: DashboardAppointment[]; total: number } {
  const all = closedOn(appointments, 'cancelled', today).sort(latestFirst);
  return { shown: all.slice(0, limit), total: all.length };
}

/** How many of today's completed jobs the board lists; the rest are counted. */
export const DONE_SHOWN = 8;

const owes = (a: DashboardAppointment) =>
  a.payment?.status === 'open' || a.payment?.status === 'partially_paid';

/**
 * Today's completed jobs for dispatch, with their money: those still owing first, then the latest;
 * at most `limit`, how many in all, and how many owe.
 */
export function doneToday(
  appointments: readonly DashboardAppointment[],
  today = businessDate(),
  limit = DONE_SHOWN,
): { shown: DashboardAppointment[]; total: number; unpaid: number } {
  const all = closedOn(appointments, 'completed', today).sort(
    (a, b) => Number(owes(b)) - Number(owes(a)) || latestFirst(a, b),
  );
  return { shown: all.slice(0, limit), total: all.length, unpaid: all.filter(owes).length };
}

const closedOn = (
  appointments: readonly DashboardAppointment[],
  status: 'cancelled' | 'completed',
  today: string,
) =>
  appointments.filter((a) => a.status === status && businessDate(new Date(a.updatedAt)) === today);

const latestFirst = (a: DashboardAppointment, b: DashboardAppointment) =>
  compareCodeUnits(b.updatedAt, a.updatedAt) || b.id - a.id;

export function minutesSince(iso: string, now: number): number {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 0;
  return Math.max(0, Math.floor((now - then) / 60_000));
}

/** 'N min' under an hour, otherwise 'Xh Ym'. */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** '14:30:00' -> '2:30 PM'. */
export function formatClock(time: string): string {
  const [h, m] = time.split(':').map(Number);
  if (Number.isNaN(h) || Number.isNaN(m)) return time;
  return clockTime(h, m);
}

export function formatSchedule(
  a: Pick<DashboardAppointment, 'preferredTime' | 'scheduledDate' | 'scheduledTime'>,
) {
  if (!a.scheduledDate || a.preferredTime === 'ASAP') return 'ASAP';
  return a.scheduledTime
    ? `${calendarDayLabel(a.scheduledDate)} at ${formatClock(a.scheduledTime)}`
    : calendarDayLabel(a.scheduledDate);
}

/** A phone to call: E.164 when it is a US number, else its digits as typed. */
export function telHref(phone: string): string {
  return `tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export { APPOINTMENT_STATUS_LABELS as STATUS_LABELS } from '@cincy/contracts';
