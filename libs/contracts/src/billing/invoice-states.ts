// An invoice's states and their words: no zod here, the web app's screens import them.

/** An invoice's states (issue 36): open until paid; partly paid; paid; refunded; void. */
export const INVOICE_STATUSES = ['open', 'partially_paid', 'paid', 'refunded', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The state's words, wherever it is shown. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Unpaid',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  refunded: 'Refunded',
  void: 'Void',
};

/**
 * What an invoice still owes: its total less everything received (what the house holds plus
 * what it gave back: a refund never makes money owed again).
 */
export const invoiceOwedCents = (
  invoice: Readonly<{ totalCents: number; paidCents: number; refundedCents: number }>,
): number => Math.max(0, invoice.totalCents - invoice.paidCents - invoice.refundedCents);

/**
 * What a job's money (the board's, the phone's, the visit page's copy) says is still owed: what
 * billing said; a copy from before it said so, the total less what was paid.
 */
export const jobOwedCents = (
  payment: Readonly<{ totalCents: number; paidCents: number; owedCents?: number }>,
): number => payment.owedCents ?? Math.max(0, payment.totalCents - payment.paidCents);
