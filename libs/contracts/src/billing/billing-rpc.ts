import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { actorSchema } from '../identity/api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';
import { idempotencyKeySchema } from '../booking/api';
import { reportQuerySchema } from '../dispatch/reports';
import {
  invoiceListQuerySchema,
  invoiceSchema,
  moneyReportSchema,
  paymentInputSchema,
  paymentLinkSchema,
  priceListInputSchema,
  priceListSchema,
  refundInputSchema,
} from './api';

const { healthAnswer, empty, id } = RPC_SHAPES;
const { validation, notFound, forbidden, conflict, idempotencyKeyReused, serviceUnavailable } =
  ERROR_CODES;

/** billing's subjects: invoices; spread into `RPC` (subjects.ts). */
export const BILLING_RPC = {
  'billing.health': { request: empty, answer: healthAnswer },
  /**
   * A job's invoice: the office any, a technician only a job they completed. Not found until the
   * job is completed and billed (a visit that did nothing is never billed).
   */
  'billing.invoices.of-appointment': {
    request: z.object({ appointmentId: id, actor: actorSchema }),
    answer: invoiceSchema,
    refuses: [notFound, forbidden],
  },
  /** The money report of a range of business days (admins). */
  'billing.reports.money': { request: reportQuerySchema, answer: moneyReportSchema },
  /** An invoice as a PDF: the office any, a technician one of a job they completed. */
  'billing.invoices.pdf': {
    request: z.object({ invoiceId: id, actor: actorSchema }),
    answer: z.object({ filename: z.string(), contentBase64: z.string() }),
    refuses: [notFound, forbidden],
  },
  /** The office's invoices, newest first, at most INVOICE_LIST_LIMIT. */
  'billing.invoices.list': { request: invoiceListQuerySchema, answer: z.array(invoiceSchema) },
  /**
   * Cash or a check taken for an invoice (the office, or the technician who did the job), once
   * per Idempotency-Key: the invoice as it now is.
   */
  'billing.payments.record': {
    request: z.object({
      invoiceId: id,
      payment: paymentInputSchema,
      actor: actorSchema,
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    answer: invoiceSchema,
    refuses: [validation, notFound, forbidden, conflict, idempotencyKeyReused],
  },
  /**
   * The same, for the invoice of a job: what the phone's outbox sends (it knows the job, and may
   * send the payment moments after the completion, before the invoice is issued: then 503, and
   * the phone tries again).
   */
  'billing.payments.record-for-job': {
    request: z.object({
      appointmentId: id,
      payment: paymentInputSchema,
      actor: actorSchema,
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    answer: invoiceSchema,
    refuses: [validation, notFound, forbidden, conflict, idempotencyKeyReused, serviceUnavailable],
  },
  /**
   * A card payment link (the provider's hosted checkout) for what the invoice still owes, sent to
   * the customer. The office, or the technician who did the job.
   */
  'billing.payment-links.create': {
    request: z.object({ invoiceId: id, actor: actorSchema }),
    answer: paymentLinkSchema,
    refuses: [notFound, forbidden, conflict, serviceUnavailable],
  },
  /**
   * "Pay now" on the customer's visit page: the provider's checkout for what is owed (nothing is
   * sent; the customer is there). Not found until the visit is billed; 409 once paid.
   */
  'billing.payments.pay-visit': {
    request: z.object({ appointmentId: id }),
    answer: z.object({ url: z.string() }),
    refuses: [notFound, conflict, serviceUnavailable],
  },
  /** Where a customer's short payment link (/pay/<code>) goes now: the checkout, or their visit. */
  'billing.payment-links.open': {
    request: z.object({ code: z.string().regex(/^[\w-]{16}$/) }),
    answer: z.object({ url: z.string() }),
    refuses: [notFound],
  },
  /**
   * A webhook of the payment provider, as it came (the raw body and its signature header):
   * refused unless signed with our secret; an event already taken answers as taken.
   */
  'billing.webhooks.receive': {
    request: z.object({ payload: z.string(), signature: z.string() }),
    answer: z.object({ received: z.literal(true) }),
    refuses: [validation],
  },
  /** Part or all of one payment given back (admins), through the provider for a card. */
  'billing.refunds.record': {
    request: z.object({
      invoiceId: id,
      refund: refundInputSchema,
      actor: actorSchema,
      idempotencyKey: idempotencyKeySchema.optional(),
    }),
    answer: invoiceSchema,
    refuses: [validation, notFound, idempotencyKeyReused, serviceUnavailable],
  },
  /** The price list new invoices are issued with (admins). */
  'billing.price-list.get': { request: empty, answer: priceListSchema },
  /** A new price list (admins): new invoices use it; an issued invoice keeps its lines. */
  'billing.price-list.update': {
    request: z.object({ priceList: priceListInputSchema, actor: actorSchema }),
    answer: priceListSchema,
  },
} as const satisfies Record<string, RpcContract>;
