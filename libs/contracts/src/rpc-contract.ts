import type { z } from 'zod';
import type { ErrorCode } from './error-codes';

/** A subject's request and answer schemas, and the refusals (error codes) its handler may raise. */
export interface RpcContract {
  request: z.ZodType;
  answer: z.ZodType;
  refuses?: readonly ErrorCode[];
}
