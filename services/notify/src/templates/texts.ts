// The text messages: one short plain text per step, at most two SMS segments, always ending
// with the opt-out line carriers expect.
import { BUSINESS, TEXT_OPT_OUT_LINE, formatDollars } from '@cincy/contracts';
import { BUSINESS_PHONE, etaText, formatLongDate, oneLine, paidHow, receivedLabel } from './copy';
import type { MessageData } from './template-data';

/** Two GSM segments (160 each): longer texts cost more and arrive split. */
export const SMS_MAX_LENGTH = 320;

interface TextParts {
  /** The key sentence, without its final period. */
  head: string;
  /** Details, dropped first when the text would be too long. */
  extras: string[];
  link: { label: string; url: string };
}

// Characters as a phone counts them (code points, not UTF-16 units).
const length = (text: string) => [...text].length;
const clip = (text: string, max: number) =>
  length(text) <= max ? text : `${[...text].slice(0, Math.max(0, max - 3)).join('')}...`;

const compose = (body: string, link: string | null) =>
  [`${BUSINESS.name}: ${body}`, link, TEXT_OPT_OUT_LINE].filter(Boolean).join(' ');

/**
 * The text, shortened when it must be: details go first, then the key sentence is clipped; a
 * link too long to fit is left out rather than cut (a cut link leads nowhere).
 */
function fit({ head, extras, link }: TextParts): string {
  const linkText = `${link.label}: ${link.url}`;
  const full = compose(`${head}${extras.join('')}.`, linkText);
  if (length(full) <= SMS_MAX_LENGTH) return full;
  const short = compose(`${head}.`, linkText);
  if (length(short) <= SMS_MAX_LENGTH) return short;
  const room = SMS_MAX_LENGTH - length(compose('.', linkText));
  if (room >= 20) return compose(`${clip(head, room)}.`, linkText);
  const alone = `${head}${extras.join('')}`;
  return compose(`${clip(alone, SMS_MAX_LENGTH - length(compose('.', null)))}.`, null);
}

function parts(data: MessageData): TextParts {
  const tech = oneLine(data.technicianFirstName ?? '') || null;
  const eta = etaText(data);
  const later = eta && data.laterArrival;
  const reference = oneLine(data.reference ?? '');
  const follow = { label: 'Follow', url: data.trackingUrl };
  const rebook = { label: 'Book again', url: data.rebookUrl };
  switch (data.kind) {
    case 'received':
      return {
        head: 'we have your request',
        extras: [
          reference ? ` ${reference}` : '',
          data.scheduledLabel ? ` for ${oneLine(data.scheduledLabel)}` : '',
        ],
        link: { label: 'Follow your visit', url: data.trackingUrl },
      };
    case 'moved':
      return {
        head: `your visit${reference ? ` ${reference}` : ''} is now ${oneLine(data.scheduledLabel ?? '') || 'at a new time'}`,
        extras: [],
        link: follow,
      };
    case 'assigned':
      return {
        head: tech ? `${tech} will be your technician` : 'a technician has taken your visit',
        extras: [later ? `, expected ${later}` : eta ? `, ${eta} away` : ''],
        link: follow,
      };
    case 'on_the_way':
      return {
        head: `${tech ?? 'your technician'} is on the way`,
        extras: [later ? `, arriving ${later}` : eta ? `, ${eta}` : ''],
        link: follow,
      };
    case 'arrived':
      return { head: `${tech ?? 'your technician'} has arrived`, extras: [], link: follow };
    case 'completed': {
      const warranty = data.receipt?.warrantyEndsOn;
      return {
        head: 'your battery service is complete',
        extras: [warranty ? `. Warranty until ${formatLongDate(warranty)}` : ''],
        link: { label: 'Receipt', url: data.trackingUrl },
      };
    }
    case 'declined':
      return {
        head: 'we could not take this visit',
        extras: [`. Call ${BUSINESS_PHONE} or book another time`],
        link: rebook,
      };
    case 'cancelled':
      return {
        head: `your visit${reference ? ` ${reference}` : ''} is cancelled`,
        extras: [],
        link: rebook,
      };
    case 'payment_link': {
      const payment = data.payment;
      return {
        head: payment
          ? `pay ${formatDollars(payment.amountCents / 100)} for invoice ${payment.invoiceNumber} by card`
          : 'pay your invoice by card',
        extras: [],
        link: { label: 'Pay', url: payment?.url ?? data.trackingUrl },
      };
    }
    case 'payment_received': {
      const payment = data.payment;
      const received = payment?.received;
      return {
        head: payment
          ? `we received ${paidHow(payment)}${received ? ` on ${receivedLabel(received.at)}` : ''} for invoice ${oneLine(payment.invoiceNumber)}`
          : 'we received your payment',
        extras: [
          received && received.owedCents > 0
            ? `. ${formatDollars(received.owedCents / 100)} is still owed`
            : '. Paid in full, thank you',
        ],
        link: { label: 'Receipt', url: data.trackingUrl },
      };
    }
    case 'test_offer':
      return {
        head: 'time for a free test of the battery we installed, at your door',
        extras: [''],
        link: rebook,
      };
    case 'payment_reminder':
      return {
        head: data.payment
          ? `invoice ${oneLine(data.payment.invoiceNumber)} is still open`
          : 'your invoice is still open',
        extras: ['. Pay by card on your visit page, or call us'],
        link: { label: 'Pay', url: data.trackingUrl },
      };
  }
}

/** The text message for a step: plain text, at most SMS_MAX_LENGTH, ending with the opt-out. */
export const renderText = (data: MessageData): string => fit(parts(data));
