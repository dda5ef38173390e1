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
