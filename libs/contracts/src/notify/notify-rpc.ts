import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { actorSchema } from '../identity/api';
import { messageSchema, messagesQuerySchema, messagesSchema, receiptFileSchema } from './api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';

const { healthAnswer, empty, id, messageAnswer } = RPC_SHAPES;
const { validation, notFound, conflict } = ERROR_CODES;

/** notify's subjects: the customers' messages and receipts; spread into `RPC` (subjects.ts). */
export const NOTIFY_RPC = {
  'notify.health': { request: empty, answer: healthAnswer },
  /** A job's messages to its customer, oldest first (the job's drawer). */
  'notify.messages.of-appointment': { request: z.object({ id }), answer: messagesSchema },
  /** One business day's messages, newest first, at most MESSAGES_SHOWN (the Messages view). */
  'notify.messages.list': {
    request: messagesQuerySchema,
    answer: messagesSchema,
    refuses: [validation],
  },
  /** An admin sends a failed message again: queued, its attempts from zero. */
  'notify.messages.resend': {
    request: z.object({ id, actor: actorSchema }),
    answer: messageSchema,
    refuses: [notFound, conflict],
  },
  /** The receipt of a completed visit, as a PDF. */
  'notify.receipts.get': {
    request: z.object({ appointmentId: id }),
    answer: receiptFileSchema,
    refuses: [notFound],
  },
  /** The customer asks for no more texts or emails (from their visit's page). */
  'notify.opt-out': {
    request: z.object({ appointmentId: id }),
    answer: messageAnswer,
    refuses: [notFound],
  },
} as const satisfies Record<string, RpcContract>;
