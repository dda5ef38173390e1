import {
  RAPID_RESPONSE_WINDOW,
  TRACKING_MESSAGES,
  businessClock,
  businessDate,
  calendarDayLabel,
  formatEta,
  hourLabel,
  isChangeableByCustomer,
  isWithinServiceHours,
  jobOwedCents,
  laterDayArrival,
  type AppointmentStatus,
  type TrackingView,
} from '@cincy/contracts';
import { TOO_MANY_TRIES, refusalOf } from '../../../lib/public-form';

/**
 * What the tracking page (and the confirmation page's visit lines) show of a view: pure, so each
 * decision is tested without a browser. The view itself already holds no last name, phone or
 * address; these only word it.
 */

/** The fields of a view these helpers read (the confirmation page passes its `tracking`). */
export type ViewFacts = Pick<
  TrackingView,
  | 'status'
  | 'timeline'
  | 'technician'
  | 'position'
  | 'etaMinutes'
  | 'queuePosition'
  | 'scheduledDate'
  | 'scheduledTime'
>;

/** A visit that ended before the service: the timeline stops where it was. */
export const ENDED_EARLY: Partial<Record<AppointmentStatus, string>> = {
  declined: 'We could not take this visit',
  cancelled: 'Cancelled',
};

export const endedEarly = (status: AppointmentStatus) => status in ENDED_EARLY;

/** 'HH:MM:SS' (or 'HH:MM') to its hour; null when there is none. */
export function hourOf(time: string | null | undefined): number | null {
  const match = /^(\d{2}):\d{2}/.exec(time ?? '');
  return match ? Number(match[1]) : null;
}

/** The hour as the reschedule call sends it: 'HH:00:00'. */
export const slotTime = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/** "Tue, Nov 24 at 2 PM", "Tue, Nov 24" without an hour, null without a date. */
export function scheduledLabel(date: string | null, time: string | null): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const hour = hourOf(time);
  return hour === null ? calendarDayLabel(date) : `${calendarDayLabel(date)} at ${hourLabel(hour)}`;
}

/**
 * When a step happened, on the business clock: "2:05 PM", with its date in front when it was
 * not today ("Mon, Nov 23, 2:05 PM"); null when unknown.
 */
export function stepTimeLabel(iso: string | null, now: Date = new Date()): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const day = businessDate(at);
  return day === businessDate(now)
    ? businessClock(at)
    : `${calendarDayLabel(day)}, ${businessClock(at)}`;
}

/** When a technician should reach the customer: "in about 25 min", else when on another day. */
const reachLabel = (etaMinutes: number, now: Date) =>
  laterDayArrival(etaMinutes, now) ?? `in ${formatEta(etaMinutes)}`;

export type TimelineState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface TimelineRow {
  key: string;
  label: string;
  state: TimelineState;
  time: string | null;
}

/**
 * The timeline as drawn: reached steps done, the last reached one current (a completed visit has
 * every step done), the rest upcoming. A declined or cancelled visit shows the steps it reached
 * and then where it stopped, no steps after.
 */
export function timelineRows(view: ViewFacts, now: Date = new Date()): TimelineRow[] {
  const ended = ENDED_EARLY[view.status];
  const lastReached = view.timeline.reduce((last, entry, i) => (entry.reached ? i : last), -1);
  const rows: TimelineRow[] = [];
  view.timeline.forEach((entry, i) => {
    if (ended && !entry.reached) return;
    const state: TimelineState = !entry.reached
      ? 'upcoming'
      : i === lastReached && !ended && view.status !== 'completed'
        ? 'current'
        : 'done';
    rows.push({ key: entry.step, label: entry.label, state, time: stepTimeLabel(entry.at, now) });
  });
  if (ended) rows.push({ key: view.status, label: ended, state: 'stopped', time: null });
  return rows;
}

/** The page's main line: where the visit is, with the technician's first name when known. */
export function headline(view: Pick<ViewFacts, 'status' | 'technician' | 'scheduledDate'>): string {
  const name = view.technician?.firstName;
  switch (view.status) {
    case 'pending':
      return view.scheduledDate ? 'Your visit is booked' : 'We have your request';
    case 'assigned':
    case 'accepted':
      return name ? `${name} will be your technician` : 'A technician is assigned';
    case 'en_route':
      return name ? `${name} is on the way` : 'Your technician is on the way';
    case 'on_location':
      return name ? `${name} has arrived` : 'Your technician has arrived';
    case 'completed':
      return 'Your battery service is complete';
    default:
      return ENDED_EARLY[view.status] ?? 'Your visit';
  }
}

/** The sentence under the headline of a visit that ended early (declined or cancelled). */
export function endedText(status: AppointmentStatus): string | null {
  if (status === 'cancelled') return TRACKING_MESSAGES.cancelled;
  if (status === 'declined')
    return 'We are sorry: we could not take this visit. You are welcome to book another time.';
  return null;
}

/**
 * While an ASAP request waits: "You are number 2 in line; a technician should reach you in
 * about 25 min." (either half alone when only it is known); null otherwise. Outside the ASAP
 * hours, with nobody on shift to estimate from, it says when the wait begins; an estimate that
 * runs into tomorrow gives the time.
 */
export function waitLine(view: ViewFacts, now = new Date()): string | null {
  if (!isChangeableByCustomer(view.status) || view.scheduledDate) return null;
  const queue = view.queuePosition !== null ? `You are number ${view.queuePosition} in line` : null;
  const reach = view.etaMinutes !== null ? reachLabel(view.etaMinutes, now) : null;
  if (queue && reach) return `${queue}; a technician should reach you ${reach}.`;
  if (queue && !isWithinServiceHours(now))
    return `${queue}. ASAP service runs ${RAPID_RESPONSE_WINDOW}: a technician will set out once it opens.`;
  if (queue) return `${queue}.`;
  if (reach) return `A technician should reach you ${reach}.`;
  return null;
}

/** On the way: "Arriving in about 12 min" when the estimate is known. */
export function arrivalLine(view: ViewFacts): string | null {
  if (view.status !== 'en_route' || view.etaMinutes === null) return null;
  return `Arriving in ${formatEta(view.etaMinutes)}`;
}

/** The booked hour of a scheduled visit that has not started: "Booked for Tue, Nov 24 at 2 PM". */
export function bookedLine(view: ViewFacts): string | null {
  if (!isChangeableByCustomer(view.status)) return null;
  const label = scheduledLabel(view.scheduledDate, view.scheduledTime);
  return label ? `Booked for ${label}` : null;
}

/** A completed visit's receipt (a PDF) can be downloaded: it exists once the visit is done. */
export const offersReceipt = (view: Pick<ViewFacts, 'status'>) => view.status === 'completed';

const PAID_BY = { card: 'by card', cash: 'in cash', check: 'by check' } as const;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A done visit's money: "Paid by card, 2:14 PM", "To pay: $165.00", "$70.00 still to pay", or
 * null before it is billed.
 */
export function paymentLine(
  payment: TrackingView['payment'],
  now: Date = new Date(),
): string | null {
  if (!payment) return null;
  const owed = jobOwedCents(payment);
  switch (payment.status) {
    case 'open':
      return `To pay: ${dollars(payment.totalCents)}`;
    case 'partially_paid':
      return `${dollars(owed)} still to pay (${dollars(payment.paidCents)} paid)`;
    case 'paid': {
      if (payment.totalCents === 0) return 'No charge';
      const when = stepTimeLabel(payment.paidAt, now);
      const how = payment.method ? ` ${PAID_BY[payment.method]}` : '';
      return `Paid${how}${when ? `, ${when}` : ''}`;
    }
    case 'refunded':
      return 'Refunded';
    case 'void':
      return null;
  }
}

/** "Pay now" is offered while the done visit owes something. */
export const offersPayNow = (payment: TrackingView['payment']) =>
  payment?.status === 'open' || payment?.status === 'partially_paid';

/** The map shows only while the van is on its way (the view drops the position on arrival). */
export const showsMap = (view: ViewFacts) => view.status === 'en_route' && view.position !== null;

/**
 * What the live region says when a new view arrives: the new headline when the status changed,
 * nothing for the first view or a moved van (a screen reader is not told every position).
 */
export function statusAnnouncement(
  previous: Pick<ViewFacts, 'status'> | undefined,
  next: Pick<ViewFacts, 'status' | 'technician' | 'scheduledDate'>,
): string | null {
  if (!previous || previous.status === next.status) return null;
  return `${headline(next)}.`;
}

/**
 * The confirmation page's Preferred Time: the booked hour ("Tue, Nov 24 at 2 PM"), else the
 * preferred day, else what was asked ("ASAP").
 */
export function preferredTimeLabel(
  preferredTime: string | null,
  view: Pick<ViewFacts, 'scheduledDate' | 'scheduledTime'>,
): string {
  const booked = scheduledLabel(view.scheduledDate, view.scheduledTime);
  if (booked) return booked;
  const asked = preferredTime?.trim();
  if (!asked) return 'ASAP';
  return scheduledLabel(asked, null) ?? asked;
}

/**
 * Whether an answer or a push is a whole view (the socket's payload and the cancel answer are
 * not parsed with the schema, which would load zod here): what the page may show as it is.
 */
export function isTrackingView(value: unknown): value is TrackingView {
  const v = value as Partial<TrackingView> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.status === 'string' &&
    typeof v.reference === 'string' &&
    Array.isArray(v.timeline)
  );
}

/**
 * A refused change, for the visitor: the server's sentence (the 409 texts say why and what to
 * do), else `fallback`; a request that got no answer says so.
 */
export const refusalMessage = (error: unknown, fallback: string): string =>
  refusalOf(error, fallback).message;

/** A private link that opens nothing: the page offers "Find your booking" instead. */
export const isNotFound = (error: unknown) =>
  (error as { status?: unknown } | null)?.status === 404;

/**
 * Why a visit could not be read: no answer at all, too many tries (429, the server's words say
 * how long to wait), or a failure of ours (`what`: 'booking', 'visit').
 */
export function loadFailedMessage(error: unknown, what: string): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 429) return refusalOf(error, TOO_MANY_TRIES).message;
  return refusalOf({ status }, `We could not load your ${what}. Please try again.`).message;
}
