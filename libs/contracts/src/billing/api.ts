import { z } from 'zod';
import { occurredAtSchema, optionalText } from '../common';
import { formatDollars } from '../notify/messages';
import { REPORT_MESSAGES, isCalendarDate } from '../dispatch/reports';
import { INVOICE_STATUSES, invoiceOwedCents } from './invoice-states';

const cents = z.number().int();

/** A line of an invoice: its amount includes its tax (the published prices are tax included). */
export const invoiceLineSchema = z.object({
  kind: z.enum(['battery', 'installation', 'core_charge', 'battery_test']),
  description: z.string(),
  amountCents: cents,
  taxCents: cents,
});
export type InvoiceLineView = z.infer<typeof invoiceLineSchema>;

export const PAYMENT_METHODS = ['card', 'cash', 'check'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A payment, or a refund of one: a refund has a negative amount, the payment it gives back
 * (`refundOf`) and the admin's reason.
 */
export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: cents,
  checkNumber: z.string().nullable(),
  receivedAt: z.string(),
  refundOf: z.number().int().nullable().default(null),
  reason: z.string().nullable().default(null),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** Where the visit was taxed, and at what rate (basis points: 780 is 7.80 %). */
export const taxJurisdictionSchema = z.object({
  state: z.enum(['OH', 'KY', 'IN']),
  /** The Ohio county; null in Kentucky and Indiana, and when the ZIP's county is not known. */
  county: z.string().nullable(),
  rateBps: z.number().int(),
  /** False when the ZIP's county was not known: taxed at the area's highest rate (ADR 0113). */
  known: z.boolean(),
});

/** GET /api/appointments/{id}/invoice: the job's invoice as issued at its completion. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  /** `INV-2026-000123`: one sequence per year, no gaps. */
  number: z.string(),
  appointmentId: z.number().int(),
  customerId: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  /** What the house holds: received less refunded. */
  paidCents: cents,
  refundedCents: cents.default(0),
  tax: taxJurisdictionSchema,
  lines: z.array(invoiceLineSchema),
  payments: z.array(invoicePaymentSchema),
  /**
   * Card payments the provider reported that did not match what was asked (amount or currency):
   * never counted as paid, for an admin to settle with the customer.
   */
  flags: z.array(z.object({ reason: z.string(), at: z.string() })).default([]),
  issuedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * What the board, the field app and a job's history show of the job's money: its invoice's
 * state and figures, or null while it has none (not completed, not billed yet, or not billable).
 */
export const jobPaymentSchema = z
  .object({
    invoiceId: z.number().int(),
    number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    totalCents: cents,
    paidCents: cents,
    /** What is still owed, as billing counts it (refunds owe nothing again); absent on older copies. */
    owedCents: cents.optional(),
    /** The last payment's method and time (the receipt's "paid by card on ..."); null: none. */
    method: z.enum(PAYMENT_METHODS).nullable().default(null),
    paidAt: z.string().nullable().default(null),
  })
  .nullable();
export type JobPayment = z.infer<typeof jobPaymentSchema>;

export function jobPaymentOf(invoice: Invoice): NonNullable<JobPayment> {
  const last = invoice.payments.filter((p) => p.amountCents > 0).at(-1);
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    status: invoice.status,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    owedCents: invoiceOwedCents(invoice),
    method: last?.method ?? null,
    paidAt: last?.receivedAt ?? null,
  };
}

/**
 * POST /api/invoices/{id}/payment-link: a hosted checkout page for what is still owed, sent to
 * the customer by text and email, and shown as a QR code on the technician's phone.
 */
export const paymentLinkSchema = z.object({
  url: z.string(),
  amountCents: cents,
  expiresAt: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** The largest payment one entry may record: $10,000 (a battery job is a few hundred dollars). */
export const MAX_PAYMENT_CENTS = 1_000_000;

/** What a technician or the office reads when a payment is refused. */
export const PAYMENT_MESSAGES = {
  amount: 'Enter the amount received in cents: a whole number from 1 to 1000000.',
  checkNumber: 'A check payment needs the check number.',
  notCheck: 'Only a check payment has a check number.',
  alreadyPaid: 'This invoice is already paid.',
  notOpen: 'This invoice takes no payment: it was refunded or voided.',
  notYourJob: 'You can only take payment for jobs you completed.',
  noSuchLink: 'This payment link is not valid. Ask us for a new one.',
  notIssuedYet:
    'The invoice of this job is not issued yet. The payment is kept and sent again in a moment.',
  cardsUnavailable:
    'Card payments are not available right now. Try again, or take cash or a check.',
} as const;

/** What an admin reads when a refund is refused. */
export const REFUND_MESSAGES = {
  payment: 'Choose the payment to refund.',
  paymentNotFound: 'That payment is not on this invoice.',
  amount: 'Enter the amount to refund in cents: a whole number from 1 to 1000000.',
  reason: 'Give a reason for the refund.',
  moreThanPaid: (leftCents: number) =>
    `That is more than is left to refund on this payment: ${formatDollars(leftCents / 100)}.`,
  providerFailed: 'The card refund did not go through. Nothing was refunded; try again later.',
} as const;

/** POST /api/invoices/{id}/refunds: part or all of one payment given back, with why. */
export const refundInputSchema = z.object({
  paymentId: z
    .number(REFUND_MESSAGES.payment)
    .int(REFUND_MESSAGES.payment)
    .positive(REFUND_MESSAGES.payment),
  amountCents: z
    .number(REFUND_MESSAGES.amount)
    .int(REFUND_MESSAGES.amount)
    .min(1, REFUND_MESSAGES.amount)
    .max(MAX_PAYMENT_CENTS, REFUND_MESSAGES.amount),
  reason: z
    .string(REFUND_MESSAGES.reason)
    .trim()
    .min(1, REFUND_MESSAGES.reason)
    .max(500, 'Reason must be at most 500 characters'),
});
export type RefundInput = z.output<typeof refundInputSchema>;

/** The most a price on the price list can be: $1,000. */
export const MAX_PRICE_LIST_CENTS = 100_000;

export const PRICE_LIST_MESSAGES = {
  installationCents: 'Installation must be from $0 to $1000',
  coreChargeCents: 'Core charge must be from $0 to $1000',
  testOnlyCents: 'Battery test must be from $0 to $1000',
  saved: 'Prices saved',
  savedDescription: 'New invoices use these prices; issued invoices keep theirs.',
  saveFailed: 'Could not save the prices',
  loadFailed: 'Could not load the prices',
} as const;

const listPrice = (message: string) =>
  z.number(message).int(message).min(0, message).max(MAX_PRICE_LIST_CENTS, message);

/**
 * PUT /api/price-list: what billing charges besides the battery itself (whose price is its
 * inventory item's), cents, tax included.
 */
export const priceListInputSchema = z.object({
  installationCents: listPrice(PRICE_LIST_MESSAGES.installationCents),
  /** Charged when the customer keeps the old battery. */
  coreChargeCents: listPrice(PRICE_LIST_MESSAGES.coreChargeCents),
  /** A visit that only tested the battery. */
  testOnlyCents: listPrice(PRICE_LIST_MESSAGES.testOnlyCents),
});
export type PriceListInput = z.infer<typeof priceListInputSchema>;

/** GET /api/price-list: the prices new invoices are issued with, and when they were last changed. */
export const priceListSchema = priceListInputSchema.extend({ updatedAt: z.string().nullable() });
export type PriceList = z.infer<typeof priceListSchema>;

/** Said under the amount when more than is owed was entered. */
export const moreThanOwed = (owedCents: number) =>
  `That is more than what is owed: ${formatDollars(owedCents / 100)}.`;

/**
 * POST /api/invoices/{id}/payments: cash or a check taken at the door (a card pays through the
 * payment link). `occurredAt`: when it was taken, for a phone that sends it later.
 */
export const paymentInputSchema = z
  .object({
    method: z.enum(['cash', 'check'], 'Method must be cash or check'),
    amountCents: z
      .number(PAYMENT_MESSAGES.amount)
      .int(PAYMENT_MESSAGES.amount)
      .min(1, PAYMENT_MESSAGES.amount)
      .max(MAX_PAYMENT_CENTS, PAYMENT_MESSAGES.amount),
    checkNumber: optionalText('Check number', 20),
    occurredAt: occurredAtSchema.optional(),
  })
  .superRefine((payment, ctx) => {
    if (payment.method === 'check' && !payment.checkNumber)
      ctx.addIssue({
        code: 'custom',
        path: ['checkNumber'],
        message: PAYMENT_MESSAGES.checkNumber,
      });
    if (payment.method === 'cash' && payment.checkNumber)
      ctx.addIssue({ code: 'custom', path: ['checkNumber'], message: PAYMENT_MESSAGES.notCheck });
  });
export type PaymentInput = z.output<typeof paymentInputSchema>;

/** The most invoices one list answers, newest first: narrow the dates to see older ones. */
export const INVOICE_LIST_LIMIT = 200;

const invoiceDay = z
  .string({ error: REPORT_MESSAGES.date })
  .refine(isCalendarDate, REPORT_MESSAGES.date);

/**
 * GET /api/invoices?status=&from=&to=: the office's list, by state and the business days
 * (Cincinnati) they were issued on, both included; each filter optional.
 */
export const invoiceListQuerySchema = z
  .object({
    status: z
      .enum(INVOICE_STATUSES, `Status must be one of: ${INVOICE_STATUSES.join(', ')}`)
      .optional(),
    from: invoiceDay.optional(),
    to: invoiceDay.optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from && to && isCalendarDate(from) && isCalendarDate(to) && from > to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
  });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** The most owing invoices the money report lists, oldest first (the rest are counted). */
export const OUTSTANDING_LIST_LIMIT = 200;

/**
 * GET /api/reports/money?from=&to=: what was invoiced and what was collected (payments less
 * refunds) on each business day of the range, per technician and per method; and what is owed now,
 * oldest first, with its age in days.
 */
export const moneyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    invoicedCents: cents,
    collectedCents: cents,
    invoices: z.number().int(),
  }),
  days: z.array(
    z.object({
      date: z.string(),
      invoicedCents: cents,
      collectedCents: cents,
      invoices: z.number().int(),
    }),
  ),
  technicians: z.array(
    z.object({
      technicianId: z.number().int().nullable(),
      invoicedCents: cents,
      collectedCents: cents,
      invoices: z.number().int(),
    }),
  ),
  methods: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      receivedCents: cents,
      refundedCents: cents,
      payments: z.number().int(),
    }),
  ),
  outstanding: z.object({
    count: z.number().int(),
    owedCents: cents,
    invoices: z.array(
      z.object({
        invoiceId: z.number().int(),
        number: z.string(),
        appointmentId: z.number().int(),
        customerId: z.number().int(),
        technicianId: z.number().int().nullable(),
        issuedAt: z.string(),
        totalCents: cents,
        owedCents: cents,
        ageDays: z.number().int(),
      }),
    ),
  }),
});
export type MoneyReport = z.infer<typeof moneyReportSchema>;
