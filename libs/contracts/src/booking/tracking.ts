// The customer's side of a visit: the booking's reference and private link, and what its
// tracking page shows. A plain module (no zod): the public pages import it. Decisions: ADR 0090.
import { BUSINESS } from '../constants';
import { estimateDrive, type Point } from '../dispatch/estimate';
import { isBeforeDeparture } from '../dispatch/lifecycle';
import type { TestDecision } from '../dispatch/battery-test-rules';
import type { PhotoKind } from '../dispatch/photo-rules';
import type { AppointmentStatus } from '../enums';
import type { InvoiceStatus } from '../billing/invoice-states';

/** A done visit's money, as its customer sees it: owed, or paid how and when. */
export interface TrackedPayment {
  status: InvoiceStatus;
  totalCents: number;
  paidCents: number;
  /** What is still owed (jobOwedCents); absent on older copies. */
  owedCents?: number;
  method: 'card' | 'cash' | 'check' | null;
  paidAt: string | null;
}

/**
 * `CB-7K3Q9`: five characters a person reads over the phone without a doubt: digits and capitals
 * less 0/O, 1/I/L, U (which reads as V), so 30 symbols, 24.3 million references. It names a
 * booking; it opens nothing without the phone number it was booked with.
 */
export const REFERENCE = {
  prefix: 'CB-',
  alphabet: '23456789ABCDEFGHJKMNPQRSTVWXYZ',
  length: 5,
} as const;

/** `CB-` and five symbols, each drawn by `draw(max)` (an index below max): crypto's, or a seeded one. */
export function referenceFrom(draw: (max: number) => number): string {
  let body = '';
  for (let i = 0; i < REFERENCE.length; i++)
    body += REFERENCE.alphabet[draw(REFERENCE.alphabet.length)];
  return `${REFERENCE.prefix}${body}`;
}

/** A typed reference, tidied: case, spaces and the prefix are optional; null when it cannot be one. */
export function normalizeReference(input: string): string | null {
  const typed = input.toUpperCase().replace(/[\s-]+/g, '');
  const letters = REFERENCE.prefix.replace('-', '');
  // The prefix only when it was typed: a body may begin with the same letters (CB-CB3XY).
  const body =
    typed.length === letters.length + REFERENCE.length && typed.startsWith(letters)
      ? typed.slice(letters.length)
      : typed;
  if (body.length !== REFERENCE.length) return null;
  for (const ch of body) if (!REFERENCE.alphabet.includes(ch)) return null;
  return `${REFERENCE.prefix}${body}`;
}

/**
 * The private link's token: a selector (9 random bytes, looked up) and a verifier (16 random
 * bytes = 128 bits, only its SHA-256 stored, compared in constant time), both base64url: 12 + 22
 * characters. The selector keeps the look-up from being a comparison of secrets.
 */
export const LINK_TOKEN = {
  selectorBytes: 9,
  verifierBytes: 16,
  selectorLength: 12,
  verifierLength: 22,
  pattern: /^[A-Za-z0-9_-]{34}$/,
} as const;

export const isLinkToken = (token: string) => LINK_TOKEN.pattern.test(token);

/** The tracking page's timeline, in order; a declined or cancelled visit ends it early. */
export const TRACKING_STEPS = ['received', 'assigned', 'on_the_way', 'arrived', 'done'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

export const TRACKING_STEP_LABELS: Record<TrackingStep, string> = {
  received: 'Request received',
  assigned: 'Technician assigned',
  on_the_way: 'On the way',
  arrived: 'Arrived',
  done: 'Battery service complete',
};

/** How far along the timeline a status is (declined and cancelled: where it stopped). */
const STEP_OF: Record<AppointmentStatus, TrackingStep> = {
  pending: 'received',
  assigned: 'assigned',
  accepted: 'assigned',
  en_route: 'on_the_way',
  on_location: 'arrived',
  completed: 'done',
  declined: 'received',
  cancelled: 'received',
};

export const TRACKING_MESSAGES = {
  notFound:
    'We could not find that booking. Check the link, or find it with its reference and phone number.',
  findNotFound:
    'No booking matches that reference and phone number. Check both, or call us at ' +
    `${BUSINESS.phone}.`,
  onTheWay: `Your technician is already on the way, so this visit can no longer be changed online. Call us at ${BUSINESS.phone}.`,
  closed: 'This visit is closed and can no longer be changed.',
  notScheduled: 'Only a visit booked for a set hour can be moved to another hour.',
  sameHour: 'Your visit is already booked for that hour.',
  cancelled: 'Your visit is cancelled. The hour is free again for others.',
  rescheduled: 'Your visit was moved.',
} as const;

/** May the customer still cancel (or, for a booked hour, move) the visit? Until the van leaves. */
export const isChangeableByCustomer = isBeforeDeparture;

/** Nobody has rung yet: the arrival code is still the customer's to give. */
const isBeforeArrival = (status: AppointmentStatus) =>
  isBeforeDeparture(status) || status === 'en_route';

/** What dispatch knows of one visit, the facts the tracking view is made from. */
export interface TrackingInput {
  status: AppointmentStatus;
  technicianName: string | null;
  requestedAt: Date;
  acceptedAt: Date | null;
  enRouteAt: Date | null;
  onLocationAt: Date | null;
  closedAt: Date | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  /** The technician's last known position (used only while on the way). */
  technicianPosition: (Point & { at: Date }) | null;
  /** Where the visit is; stays on the server (the view shows no address). */
  destination: Point | null;
  /** From the ASAP queue, while the request waits there. */
  queue: { position: number; estimatedWaitMinutes: number | null } | null;
  /** The old battery's last test (issue 35): shown once the visit is done. Absent: none. */
  oldBatteryTest?: TrackedBatteryTest | null;
  /** The photos taken at the door: shown once the visit is done. Absent: none. */
  photos?: TrackedPhoto[];
  /** The job's arrival code, where one is asked (REQUIRE_ARRIVAL_CODE). Absent: none. */
  arrivalCode?: string | null;
  /** The visit's invoice: shown once the visit is done. Absent: none yet. */
  payment?: TrackedPayment | null;
}

/** A photo of the visit, as its customer's page names it (the image: by the private link). */
export interface TrackedPhoto {
  id: number;
  kind: PhotoKind;
}

/** What the customer is told of their old battery's test: its health and the tester's decision. */
export interface TrackedBatteryTest {
  stateOfHealth: number;
  decision: TestDecision;
}

/** One line of the timeline. */
export interface TrackingTimelineEntry {
  step: TrackingStep;
  label: string;
  reached: boolean;
  at: string | null;
}

/** What the tracking page shows (before the booking's reference is added by the gateway). */
export interface TrackingState {
  status: AppointmentStatus;
  timeline: TrackingTimelineEntry[];
  /** First name only: the customer needs to know who rings, nothing more. */
  technician: { firstName: string } | null;
  /** Only while the technician is on the way here; null the moment they arrive. */
  position: { lat: number; lng: number; at: string } | null;
  etaMinutes: number | null;
  queuePosition: number | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  canCancel: boolean;
  canReschedule: boolean;
  /** Once the visit is done: "Your old battery tested at 41 % health: REPLACE". */
  batteryTest: TrackedBatteryTest | null;
  /** Once the visit is done: the photos taken at the door (the label, the old battery, the signature). */
  photos: TrackedPhoto[];
  /** Until the technician arrives, where one is asked: the code to tell them at the door. */
  arrivalCode: string | null;
  /** Once the visit is done and billed: what it cost, and whether it is paid. */
  payment: TrackedPayment | null;
}

export const firstNameOf = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

/** The tracking view of a visit: no last name, phone or address of anyone. */
export function trackingState(input: TrackingInput): TrackingState {
  const { status } = input;
  const reachedIndex = TRACKING_STEPS.indexOf(STEP_OF[status]);
  const times: Record<TrackingStep, Date | null> = {
    received: input.requestedAt,
    assigned: input.acceptedAt,
    on_the_way: input.enRouteAt,
    arrived: input.onLocationAt,
    done: status === 'completed' ? input.closedAt : null,
  };
  const timeline = TRACKING_STEPS.map((step, i) => ({
    step,
    label: TRACKING_STEP_LABELS[step],
    reached: i <= reachedIndex,
    at: i <= reachedIndex ? (times[step]?.toISOString() ?? null) : null,
  }));
  const firstName = firstNameOf(input.technicianName);
  const onTheWay = status === 'en_route' && input.technicianPosition !== null;
  const changeable = isChangeableByCustomer(status);
  return {
    status,
    timeline,
    technician: firstName && status !== 'declined' && status !== 'cancelled' ? { firstName } : null,
    position: onTheWay
      ? {
          lat: input.technicianPosition!.lat,
          lng: input.technicianPosition!.lng,
          at: input.technicianPosition!.at.toISOString(),
        }
      : null,
    etaMinutes: etaMinutes(input),
    queuePosition: changeable && input.queue ? input.queue.position : null,
    scheduledDate: input.scheduledDate,
    scheduledTime: input.scheduledTime,
    canCancel: changeable,
    canReschedule: changeable && input.scheduledDate !== null,
    batteryTest: status === 'completed' ? (input.oldBatteryTest ?? null) : null,
    photos: status === 'completed' ? (input.photos ?? []) : [],
    arrivalCode: isBeforeArrival(status) ? (input.arrivalCode ?? null) : null,
    payment: status === 'completed' ? (input.payment ?? null) : null,
  };
}

/** On the way: the drive from where the technician is; waiting: the queue's estimate. */
function etaMinutes(input: TrackingInput): number | null {
  if (input.status === 'en_route') {
    if (!input.technicianPosition || !input.destination) return null;
    return Math.max(
      1,
      Math.round(estimateDrive(input.technicianPosition, input.destination).minutes),
    );
  }
  if (!isChangeableByCustomer(input.status) || !input.queue) return null;
  return input.queue.estimatedWaitMinutes;
}

/**
 * A new position of the technician on the way: the same view with the van and its estimate moved
 * (the gateway applies it to each position it hears, without asking dispatch again).
 */
export function withTechnicianPosition(
  state: TrackingState,
  destination: Point | null,
  position: Point & { at: Date },
): TrackingState {
  if (state.status !== 'en_route') return state;
  return {
    ...state,
    position: { lat: position.lat, lng: position.lng, at: position.at.toISOString() },
    etaMinutes: destination
      ? Math.max(1, Math.round(estimateDrive(position, destination).minutes))
      : state.etaMinutes,
  };
}

/** The socket.io namespace the tracking page listens on, and its one event. */
export const TRACK_SOCKET = { namespace: '/track', changed: 'track.changed' } as const;
