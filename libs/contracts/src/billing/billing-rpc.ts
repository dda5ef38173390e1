import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { actorSchema } from '../identity/api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';
import { idempotencyKeySchema } from '../booking/api';
import { invoiceListQuerySchema, invoiceSchema, paymentInputSchema } from './api';

const { healthAnswer, empty, id } = RPC_SHAPES;
const { validation, notFound, forbidden, conflict, idempotencyKeyReused } = ERROR_CODES;

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
} as const satisfies Record<string, RpcContract>;
