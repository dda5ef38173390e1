import type { InvoiceStatus } from '@cincy/contracts';

/**
 * An invoice's state from its money: paid once what was received covers the total (a total of
 * nothing is paid from the start), partly paid before that, open until anything is received.
 * Refunds and voids come with their routes.
 */
export function invoiceStatus(totalCents: number, paidCents: number): InvoiceStatus {
  if (paidCents >= totalCents) return 'paid';
  return paidCents > 0 ? 'partially_paid' : 'open';
}
