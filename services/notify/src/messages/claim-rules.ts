import {
  hasArrived,
  isCalledOff,
  isAssignable,
  AppointmentStatus,
  MESSAGE_KINDS,
  MESSAGE_KIND_LABELS,
  MessageChannel,
  MessageKind,
  MessageState,
  INVOICE_STATUS_LABELS,
  InvoiceStatus,
  sendableAt,
} from '@cincy/contracts';

/**
 * What the sender's claim decides for a visit's messages as one of them comes due (ADR 0097): a
 * message is checked again when it goes, against the visit as notify knows it then, and a
 * visit's messages go out in the order of their steps.
 */

/** One message of the visit, as the claim reads it. */
export interface VisitMessage {
  id: number;
  /** The step (event) it tells of: a step's email and text share it. */
  eventId: string;
  kind: MessageKind;
  channel: MessageChannel;
  state: MessageState;
  /** When its step happened: the order of a visit's messages. */
  occurredAt: Date;
  nextAttemptAt: Date | null;
  leaseUntil: Date | null;
}

/** The visit as notify's copy knows it now. */
export interface VisitFacts {
  /** Dispatch's status, from the steps notify follows; null before the first. */
  status: AppointmentStatus | null;
  /** Its day (YYYY-MM-DD) after any move; null for ASAP. */
  scheduledDate: string | null;
  /** Its invoice's state, from billing's events; null before it is billed. */
  paymentStatus?: InvoiceStatus | null;
}

export type ClaimDecision =
  | { action: 'send' }
  /** A text the quiet hours hold: due again at `until`. */
  | { action: 'hold'; until: Date }
  | { action: 'drop'; reason: string };

/** Why a message was dropped (staff read it as the message's reason). */
export const DROP_REASONS = {
  ended: (status: 'cancelled' | 'declined') => `visit ${status}`,
  overtaken: (by: MessageKind) => `overtaken by a later step: ${MESSAGE_KIND_LABELS[by]}`,
  handedBack: 'the technician gave the visit back',
  settled: (status: InvoiceStatus) => `invoice ${INVOICE_STATUS_LABELS[status].toLowerCase()}`,
  estimatePassed: 'too late: the estimate it gives no longer holds',
} as const;

/**
 * How late after its own step a message still goes before a later step's: the news of a moment
 * ago (a first retry, a quick run of steps) goes first, in order; later than this (held for the
 * quiet hours, retried for long, notify behind) a later step has made it old news.
 */
export const STILL_NEWS_MS = 2 * 60_000;

/**
 * How late after its step "on the way" may still reach the customer. It gives the estimate of
 * its moment ("about 12 min"): a text that a failing provider held for longer would be wrong
 * (the visit's tracking page has the live estimate). The first three retries (30 s, 2 min,
 * 8 min) are within it; the fourth (32 min) is not.
 */
export const ESTIMATE_HOLDS_MS = 15 * 60_000;

/** Nobody has the visit: it was handed back (or never taken). */

/**
 * A visit's steps in the order they happened; steps of the same millisecond (sent together from
 * a phone's outbox, or a test's quick run) in the order a visit goes through them.
 */
const stepOrder = (a: VisitMessage, b: VisitMessage) =>
  a.occurredAt.getTime() - b.occurredAt.getTime() ||
  MESSAGE_KINDS.indexOf(a.kind) - MESSAGE_KINDS.indexOf(b.kind) ||
  a.id - b.id;

/** Not out yet, and no live sender has it: queued, or left sending by a sender whose lease ended. */
const isClaimable = (m: VisitMessage, now: Date) =>
  m.state === 'queued' ||
  (m.state === 'sending' && m.leaseUntil !== null && m.leaseUntil.getTime() <= now.getTime());

const isDue = (m: VisitMessage, now: Date) =>
  m.state === 'sending' || (m.nextAttemptAt !== null && m.nextAttemptAt.getTime() <= now.getTime());

/** How long after its step a claimable message would reach the customer at the earliest. */
const lateness = (m: VisitMessage, now: Date) =>
  Math.max(now.getTime(), isDue(m, now) ? 0 : (m.nextAttemptAt?.getTime() ?? 0)) -
  m.occurredAt.getTime();

/**
 * The receipt comes from inventory's stream and the arrival from dispatch's, so notify may hear
 * of the completion first when the two steps are moments apart (a technician's queued steps
 * sent together). While it is still news, the receipt waits until notify's copy of the visit has
 * reached the customer, so "arrived" is not told after it; later than that it goes anyway.
 */
const awaitsArrival = (m: VisitMessage, visit: VisitFacts, now: Date) =>
  m.kind === 'completed' &&
  !(visit.status && hasArrived(visit.status)) &&
  lateness(m, now) <= STILL_NEWS_MS;

/**
 * Why a message that has not gone yet should not go at all, or null:
 * - the receipt and a payment's receipt always go (proof of the service, its warranty, the money);
 * - a visit cancelled or declined: nothing but the message that says so;
 * - a later step of the visit has a message (not itself dropped) and this one cannot reach the
 *   customer within STILL_NEWS_MS of its own step: the later one tells where the visit is now,
 *   and this one would arrive after it, or late and no longer so (the hour before a move);
 * - "assigned" when nobody has the visit any more (the technician gave it back);
 * - "on the way" later than ESTIMATE_HOLDS_MS after its step: its estimate has passed.
 */
function dropReason(
  m: VisitMessage,
  visit: VisitFacts,
  later: VisitMessage | undefined,
  now: Date,
) {
  // Proof of what was done and what was paid always goes.
  if (m.kind === 'completed' || m.kind === 'payment_received') return null;
  // A reminder of an invoice that no longer owes (paid, refunded, void) would be wrong.
  const paid = visit.paymentStatus;
  if (m.kind === 'payment_reminder' && paid && paid !== 'open' && paid !== 'partially_paid')
    return DROP_REASONS.settled(paid);
  // A visit that ended without service: its message is the one with the status's name.
  const ended = visit.status && isCalledOff(visit.status) ? visit.status : null;
  if (ended && m.kind !== ended) return DROP_REASONS.ended(ended);
  if (later && lateness(m, now) > STILL_NEWS_MS) return DROP_REASONS.overtaken(later.kind);
  if (m.kind === 'on_the_way' && lateness(m, now) > ESTIMATE_HOLDS_MS)
    return DROP_REASONS.estimatePassed;
  if (m.kind === 'assigned' && visit.status && isAssignable(visit.status))
    return DROP_REASONS.handedBack;
  return null;
}

/**
 * The claim's decision for each message of one visit that it may act on now; a message without
 * one stays as it is (not due, in flight, or waiting for an older one of its channel).
 *
 * Dropped: what dropReason says, for any message not yet out (due or still held). Sent: a due
 * message once no older message of the visit on its channel is still unsent, so a visit's texts
 * (and emails) arrive in the order of their steps; an older one still news is waited for, one
 * that is not was dropped; a receipt heard before the arrival waits for it (awaitsArrival). Held: a
 * due text the quiet hours forbid now (a resend at night, a retry), until they end.
 */
export function decideClaims(
  visit: VisitFacts,
  messages: readonly VisitMessage[],
  { now, quietHours }: { now: Date; quietHours: { fromHour: number; untilHour: number } | null },
): Map<number, ClaimDecision> {
  const decisions = new Map<number, ClaimDecision>();
  const ordered = [...messages].sort(stepOrder);

  // Newest first, so that an older message sees which later steps still stand.
  const standing: VisitMessage[] = [];
  for (const m of [...ordered].reverse()) {
    // A step still to come (a reminder due in days) has not overtaken anything yet.
    const next = standing.findLast(
      (later) => later.eventId !== m.eventId && later.occurredAt.getTime() <= now.getTime(),
    );
    const reason = isClaimable(m, now) ? dropReason(m, visit, next, now) : null;
    if (reason) decisions.set(m.id, { action: 'drop', reason });
    else if (m.state !== 'dropped') standing.push(m);
  }

  // Oldest first: each channel's oldest unsent message is the only one that may go.
  const blocked = new Set<MessageChannel>();
  for (const m of ordered) {
    if (decisions.has(m.id) || (m.state !== 'queued' && m.state !== 'sending')) continue;
    const ready = isClaimable(m, now) && isDue(m, now) && !awaitsArrival(m, visit, now);
    if (!blocked.has(m.channel) && ready) {
      const until = sendableAt(m.kind, m.channel, now, visit.scheduledDate, quietHours);
      decisions.set(m.id, until > now ? { action: 'hold', until } : { action: 'send' });
    }
    blocked.add(m.channel);
  }
  return decisions;
}
