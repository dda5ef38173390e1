import type { RpcContract } from '../rpc-contract';

/** Stock movements' subjects (receive, correct, write off, list), spread into `RPC`. */
export const STOCK_RPC = {} as const satisfies Record<string, RpcContract>;
