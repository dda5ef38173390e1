import {
  EventType,
  MessageChannel,
  MessageKind,
  addDays,
  bookedHourLabel,
  businessInstant,
  toE164,
} from '@cincy/contracts';

/** A recipient's address or number that cannot be one: the message is stored failed with it. */
export const RECIPIENT_PROBLEMS = {
  email: 'invalid email address',
  sms: 'invalid phone number',
} as const satisfies Record<MessageChannel, string>;

// One @, no spaces or characters an address header would have to quote, a dot in the domain.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/;

/** Why a message cannot go to `to` over `channel`, or null when it can. */
export function recipientProblem(channel: MessageChannel, to: string): string | null {
  if (channel === 'email')
    return EMAIL.test(to) && to.length <= 254 ? null : RECIPIENT_PROBLEMS.email;
  return toE164(to) ? null : RECIPIENT_PROBLEMS.sms;
}

export interface Recipient {
  channel: MessageChannel;
  /** The address, or the number in E.164 when it reads as one (else as typed). */
  to: string;
  /** Why nothing is sent (the row is stored failed with it), or null. */
  problem: string | null;
}

/**
 * Whom one step is told, and how: an email when the customer gave one, a text when they gave a
 * phone; nothing once they opted out.
 */
export function recipientsOf(customer: {
  phone: string;
  email: string | null;
  optedOut: boolean;
}): Recipient[] {
  if (customer.optedOut) return [];
  const recipients: Recipient[] = [];
  const email = customer.email?.trim();
  if (email)
    recipients.push({ channel: 'email', to: email, problem: recipientProblem('email', email) });
  const phone = customer.phone.trim();
  if (phone)
    recipients.push({
      channel: 'sms',
      to: toE164(phone) ?? phone,
      problem: recipientProblem('sms', phone),
    });
  return recipients;
}

/** What staff see of a message: its private link masked (the token opens the booking). */
export const maskLinks = (text: string) => text.replace(/\/track\/[A-Za-z0-9_-]+/g, '/track/…');

/** A booked hour as a message says it: "Sat, Jun 15 at 2 PM"; null for ASAP or a day without an hour. */
export const scheduledLabel = (date: string | null, time: string | null): string | null =>
  date && time && /^\d{1,2}:/.test(time) ? bookedHourLabel(date, time) : null;

const HOUR_MS = 3_600_000;
/**
 * How long after its step a message is still news. A consumer that starts on an existing stream
 * replays its history (30 days): those steps are copied, not announced. "On the way" an hour
 * late is noise; a confirmation or a receipt a day late still helps.
 */
const NEWS_FOR_MS: Record<MessageKind, number> = {
  received: 24 * HOUR_MS,
  moved: 24 * HOUR_MS,
  assigned: 2 * HOUR_MS,
  on_the_way: 1 * HOUR_MS,
  arrived: 1 * HOUR_MS,
  completed: 24 * HOUR_MS,
  declined: 24 * HOUR_MS,
  cancelled: 24 * HOUR_MS,
  payment_link: 24 * HOUR_MS,
  payment_received: 24 * HOUR_MS,
  payment_reminder: 24 * HOUR_MS,
  // Years after the install: a replayed history more than a week old offers nothing.
  test_offer: 7 * 24 * HOUR_MS,
};

export const isStale = (kind: MessageKind, occurredAt: string, now: Date) =>
  now.getTime() - new Date(occurredAt).getTime() > NEWS_FOR_MS[kind];

/**
 * The message a dispatch step sends. 'unassigned' sends none (it only tells the copy nobody has
 * the visit); the consumer's other types are ignored in CONSUMERS.
 */
export const VISIT_STEP_KINDS: Partial<Record<EventType, MessageKind>> = {
  'dispatch.appointment.accepted': 'assigned',
  'dispatch.appointment.departed': 'on_the_way',
  'dispatch.appointment.arrived': 'arrived',
  'dispatch.appointment.declined': 'declined',
  'dispatch.appointment.cancelled': 'cancelled',
};

/** The start and end (exclusive) of one business day, for "messages of that day". */
export const businessDayRange = (date: string) => ({
  from: businessInstant(date, 0),
  until: businessInstant(addDays(date, 1), 0),
});
