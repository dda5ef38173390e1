import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { actorSchema } from '../identity/api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';
import { invoiceSchema } from './api';

const { healthAnswer, empty, id } = RPC_SHAPES;
const { notFound, forbidden } = ERROR_CODES;

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
} as const satisfies Record<string, RpcContract>;
