// The customer's messages (issue 22): which step sends what, when a text may go out, how a
// failed send is retried, and the receipt's figures. A plain module (no zod). Decisions: ADR 0091,
// and ADR 0097 for what is checked again when a message goes.
import { PRICES } from '../constants';
import type { ServiceCode } from '../enums';
import { addDays, businessDate, businessInstant, businessParts } from '../time';

/** One message per step of a visit, each by email and by text. */
export const MESSAGE_KINDS = [
  'received',
  'moved',
  'assigned',
  'on_the_way',
  'arrived',
  'completed',
  'declined',
  'cancelled',
  'payment_link',
  'payment_received',
  'payment_reminder',
  'test_offer',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  received: 'Booking received',
  moved: 'Visit moved',
  assigned: 'Technician assigned',
  on_the_way: 'On the way',
  arrived: 'Arrived',
  completed: 'Completed (receipt)',
  declined: 'Declined',
  cancelled: 'Cancelled',
  payment_link: 'Payment link',
  payment_received: 'Payment received',
  payment_reminder: 'Payment reminder',
  test_offer: 'Free battery test offer',
};

/**
 * An installed battery this many months old gets one offer of a free test (issue 37; notify's
 * TEST_OFFER_MONTHS changes it): a test before the winter finds a weak battery before it fails.
 */
export const TEST_OFFER_MONTHS = 36;

/** An invoice still open this many days after it was issued gets one reminder (issue 36). */
export const PAYMENT_REMINDER_DAYS = 3;

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * queued -> sending -> sent, or back to queued (retry) or failed (with its reason); dropped (with
 * what overtook it) when, as it was about to go, a later step of its visit made it untrue or old
 * news (ADR 0097).
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'dropped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** Where a message went: an SMTP server, the text provider, or the development sink. */
export const MESSAGE_ROUTES = ['smtp', 'sms', 'sink'] as const;
export type MessageRoute = (typeof MESSAGE_ROUTES)[number];

/** No texts from 9 PM to 8 AM (Cincinnati) unless the visit is under way. */
export const QUIET_HOURS = { fromHour: 21, untilHour: 8 } as const;

/**
 * The steps of a visit the customer is living through (a payment link is sent at the door, while
 * they wait): their texts go out at any hour. A payment's receipt is not one: a phone that was
 * offline records the afternoon's payment when it syncs, maybe at 3 AM; its email goes at once.
 */
const IN_PROGRESS: readonly MessageKind[] = ['on_the_way', 'arrived', 'completed', 'payment_link'];

/**
 * Whether the text of `kind` is about a visit under way now: a step the customer is living
 * through, of a visit whose day (`visitDate`, YYYY-MM-DD; null for ASAP, which is for now) has
 * come. A visit of a later day is not under way, whatever button was pressed tonight.
 */
const isUnderWay = (kind: MessageKind, visitDate: string | null, now: Date) =>
  IN_PROGRESS.includes(kind) && (visitDate === null || visitDate <= businessDate(now));

/**
 * When a message may go out: now, or for a text about a visit not under way during quiet
 * hours, the next 8 AM. Email is never held (it does not ring).
 */
export function sendableAt(
  kind: MessageKind,
  channel: MessageChannel,
  now: Date,
  visitDate: string | null,
  quietHours: { fromHour: number; untilHour: number } | null = QUIET_HOURS,
): Date {
  if (channel !== 'sms' || !quietHours || isUnderWay(kind, visitDate, now)) return now;
  const { hour } = businessParts(now);
  const { fromHour, untilHour } = quietHours;
  const quiet =
    fromHour > untilHour
      ? hour >= fromHour || hour < untilHour
      : hour >= fromHour && hour < untilHour;
  if (!quiet) return now;
  const today = businessDate(now);
  const day = hour >= fromHour && fromHour > untilHour ? addDays(today, 1) : today;
  return businessInstant(day, untilHour);
}

/**
 * Retries of a send that failed for a reason that may pass (the provider down, slow, 5xx):
 * after 30 s, 2 min, 8 min, 32 min, then hourly; the sixth failure is final. A refusal that
 * cannot pass (an invalid address, a 4xx) fails at once.
 */
export const RETRY = {
  maxAttempts: 6,
  firstDelayMs: 30_000,
  factor: 4,
  maxDelayMs: 3_600_000,
} as const;

export function retryDelayMs(attempt: number, firstDelayMs: number = RETRY.firstDelayMs): number {
  return Math.min(firstDelayMs * RETRY.factor ** Math.max(0, attempt - 1), RETRY.maxDelayMs);
}

/**
 * What a text ends with. The reply is the provider's to handle: Twilio's opt-out blocks further
 * texts to that number, and its refusal (error 21610) fails our message with that reason.
 */
export const TEXT_OPT_OUT_LINE = 'Reply STOP to opt out.';

/** A battery's warranty unless its item says otherwise (issue 37): one year from the install. */
export const WARRANTY_MONTHS = 12;

/**
 * The warranty's last day (YYYY-MM-DD, Cincinnati) for a battery installed at `completedAt` with
 * `months` of warranty: the same day `months` later, or that month's last day when it is shorter.
 */
export function warrantyEndsOn(completedAt: Date, months: number = WARRANTY_MONTHS): string {
  const [y, m, d] = businessDate(completedAt).split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay)));
  return end.toISOString().slice(0, 10);
}

/**
 * `endsOn` (a warranty's last day, YYYY-MM-DD) when it had passed by `on` (Cincinnati's
 * calendar), else null: a warranty covers its last day.
 */
export const warrantyEndedBefore = (endsOn: string, on: Date): string | null =>
  businessDate(on) > endsOn ? endsOn : null;

/** Service codes that put a new battery in (and so carry a price, a serial and a warranty). */
export const takesNewBattery = (code: ServiceCode) =>
  code === 'battery_installed' || code === 'warranty_replacement';

/**
 * What the customer paid, in dollars: the price list's AGM or standard battery for an install,
 * nothing for a warranty replacement, a test or no service.
 */
export function servicePrice(code: ServiceCode, batteryModel: string | null): number {
  if (code !== 'battery_installed') return 0;
  return isAgmBattery(batteryModel) ? PRICES.agm : PRICES.leadAcid;
}

/** An AGM battery, by its model's name ("Group H6 AGM"): priced as AGM, else as lead acid. */
export const isAgmBattery = (model: string | null) => /\bAGM\b/i.test(model ?? '');

/** "$165.00" */
export const formatDollars = (amount: number) => `$${amount.toFixed(2)}`;
