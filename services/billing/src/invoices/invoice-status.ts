import type { InvoiceStatus } from '@cincy/contracts';

/**
 * An invoice's state from its money: paid once what was received covers the total (a total of
 * nothing is paid from the start), partly paid before that, open until anything is received;
 * refunded once everything received was given back. A partial refund (a goodwill credit) leaves
 * the state as the payments made it: nothing is owed again for it.
 */
export function invoiceStatus(
  totalCents: number,
  receivedCents: number,
  refundedCents = 0,
): InvoiceStatus {
  if (refundedCents > 0 && refundedCents >= receivedCents) return 'refunded';
  if (receivedCents >= totalCents) return 'paid';
  return receivedCents > 0 ? 'partially_paid' : 'open';
}

/** What is still owed: the total less everything received (refunds do not make it owed again). */
export const owedCents = (totalCents: number, receivedCents: number) =>
  Math.max(0, totalCents - receivedCents);
