// What each message says, in plain words shared by the email, its subject and the text message.
// Pure functions of MessageData: the values are inserted as typed (React escapes them in the
// HTML; the texts are plain).
import {
  BUSINESS,
  bookedHourLabel,
  businessDate,
  businessParts,
  formatDollars,
  formatEta,
  formatPhone,
  type MessageKind,
  type ServiceCode,
} from '@cincy/contracts';
import type { MessageData } from './template-data';

/** The business's number as every message and the receipt print it: "(513) 555-0142". */
export const BUSINESS_PHONE = formatPhone(BUSINESS.phone);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'June 15, 2031' for '2031-06-15' (a calendar date: no time zone involved). */
export function formatLongDate(ymd: string): string {
  const [year, month, day] = ymd.split('-').map(Number);
  if (!year || !month || !day || month > 12) return ymd;
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** '52,310 miles' for a plain number; anything else as typed. */
export function formatMileage(mileage: string): string {
  const digits = mileage.replace(/,/g, '').trim();
  return /^\d{1,7}$/.test(digits) ? `${Number(digits).toLocaleString('en-US')} miles` : mileage;
}

/**
 * What a receipt says of the money: billing owns it (the price list an admin edits), so the
 * receipt points at the invoice, or says a warranty swap cost nothing; no service, nothing.
 */
export function receiptCharge(code: ServiceCode): string | null {
  if (code === 'warranty_replacement') return 'No charge (warranty)';
  return code === 'no_service' ? null : "On your invoice (your visit's page)";
}

/** One line of a customer-typed value: a typed newline must not break a subject or a text. */
export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const techName = (data: MessageData) => oneLine(data.technicianFirstName ?? '') || null;

/** 'about 12 min', or null when no estimate is known. */
export const etaText = (data: MessageData) =>
  data.etaMinutes != null && Number.isFinite(data.etaMinutes) ? formatEta(data.etaMinutes) : null;

/** When the technician is expected: 'in about 12 min', 'around 8:30 AM tomorrow', or null. */
export const reachText = (data: MessageData) => {
  const eta = etaText(data);
  return eta && (data.laterArrival ?? `in ${eta}`);
};

/** The message's key line: the email's heading and the text's first sentence. */
export function headline(data: MessageData): string {
  const tech = techName(data);
  switch (data.kind) {
    case 'received':
      return 'We have your request';
    case 'moved':
      return data.scheduledLabel
        ? `Your visit is now ${oneLine(data.scheduledLabel)}`
        : 'Your visit has a new time';
    case 'assigned':
      return tech ? `${tech} will be your technician` : 'A technician has taken your visit';
    case 'on_the_way':
      return `${tech ?? 'Your technician'} is on the way`;
    case 'arrived':
      return `${tech ?? 'Your technician'} has arrived`;
    case 'completed':
      return 'Your battery service is complete';
    case 'declined':
      return 'We could not take this visit';
    case 'cancelled':
      return 'Your visit is cancelled';
    case 'test_offer':
      return 'Time for a free battery test';
    case 'payment_reminder':
      return data.payment
        ? `Invoice ${oneLine(data.payment.invoiceNumber)} is still open`
        : 'Your invoice is still open';
    case 'payment_link':
      return data.payment
        ? `Pay ${formatDollars(data.payment.amountCents / 100)} by card`
        : 'Pay by card';
    case 'payment_received':
      return data.payment?.received
        ? `We received ${paidHow(data.payment)}`
        : 'We received your payment';
  }
}

const METHOD_WORDS = { card: 'by card', cash: 'in cash', check: 'by check' } as const;

/** '$165.00 by card': what was paid and how. */
export const paidHow = (payment: NonNullable<MessageData['payment']>) =>
  `${formatDollars(payment.amountCents / 100)} ${payment.received ? METHOD_WORDS[payment.received.method] : ''}`.trim();

/** 'Sun, Nov 29 at 10:14 AM': when a payment was received, on Cincinnati's clock. */
export function receivedLabel(at: string): string {
  const instant = new Date(at);
  const { hour, minute } = businessParts(instant);
  return bookedHourLabel(
    businessDate(instant),
    `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
  );
}

const SUBJECTS: Record<MessageKind, string> = {
  received: 'request received',
  moved: 'visit moved',
  assigned: 'technician assigned',
  on_the_way: 'technician on the way',
  arrived: 'technician arrived',
  completed: 'service complete, your receipt',
  declined: 'we could not take your visit',
  cancelled: 'visit cancelled',
  payment_link: 'pay by card',
  payment_received: 'payment received, thank you',
  payment_reminder: 'invoice still open',
  test_offer: 'a free battery test',
};

/** 'Cincy Battery: request received (CB-7K3Q9)' */
export function subject(data: MessageData): string {
  const reference = oneLine(data.reference ?? '');
  return `${BUSINESS.name}: ${SUBJECTS[data.kind]}${reference ? ` (${reference})` : ''}`;
}
