import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/** A subject's request and answer schemas, and the refusals (error codes) its handler may raise. */
export interface RpcContract {
  request: z.ZodType;
  answer: z.ZodType;
  refuses?: readonly ErrorCode[];
}

/** Shapes many subjects share (each domain's `*-rpc.ts`). */
export const RPC_SHAPES = {
  healthAnswer: z.object({ service: z.string(), status: z.literal('ok') }),
  empty: z.object({}).loose(),
  id: z.number().int().positive(),
  messageAnswer: z.object({ message: z.string() }),
};
