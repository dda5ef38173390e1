import type { RpcContract } from '../rpc-contract';
import { auditPageSchema, auditQuerySchema } from './audit';

/** The audit log's one subject (read only: nothing edits or deletes it), spread into `RPC`. */
export const AUDIT_RPC = {
  /** One thing's history, newest first, AUDIT_PAGE_SIZE at a time (none yet: an empty page). */
  'identity.audit.list': { request: auditQuerySchema, answer: auditPageSchema },
} as const satisfies Record<string, RpcContract>;
