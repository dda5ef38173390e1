import type { RpcContract } from '../rpc-contract';

/** The customer record's subjects (addresses, vehicles, history, a battery's chain), spread into `RPC`. */
export const CUSTOMER_RECORD_RPC = {} as const satisfies Record<string, RpcContract>;
