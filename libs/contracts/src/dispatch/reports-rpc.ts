import type { RpcContract } from '../rpc-contract';
import { reportQuerySchema, reportSchema } from './reports';

/** Reports' subject, spread into `RPC`. */
export const REPORTS_RPC = {
  /** The range's totals, series and technicians, from the stored daily rows. */
  'dispatch.reports.summary': { request: reportQuerySchema, answer: reportSchema },
} as const satisfies Record<string, RpcContract>;
