import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';
import { actorSchema } from '../identity/api';
import { RPC_SHAPES, type RpcContract } from '../rpc-contract';
import { inventoryItemSchema } from './api';
import { batteryStockSchema, stockLocationSchema, transferInputSchema } from './locations';
import { bookedBatterySchema } from '../booking/fitment-api';
import { stockMovementInputSchema, stockMovementSchema } from './movements';

const { id } = RPC_SHAPES;
const { notFound, conflict } = ERROR_CODES;

/** Stock movements' subjects (receive, correct, write off, list), spread into `RPC`. */
export const STOCK_RPC = {
  /** An admin receives, counts or writes off stock: the movement row and the item as it now is. */
  'inventory.movements.record': {
    request: z.object({ itemId: id, movement: stockMovementInputSchema, actor: actorSchema }),
    answer: z.object({ movement: stockMovementSchema, item: inventoryItemSchema }),
    refuses: [notFound, conflict],
  },
  /** An item's movements, newest first, at most STOCK_MOVEMENTS_LIMIT. */
  'inventory.movements.of-item': {
    request: z.object({ itemId: id }),
    answer: z.array(stockMovementSchema),
    refuses: [notFound],
  },
  /** The warehouse and each technician's van (issue 37). */
  'inventory.locations.list': { request: z.object({}), answer: z.array(stockLocationSchema) },
  /** Units of an item moved between places (a van restocked): the item as it now is. */
  'inventory.transfers.create': {
    request: z.object({ transfer: transferInputSchema, actor: actorSchema }),
    answer: z.object({ movement: stockMovementSchema, item: inventoryItemSchema }),
    refuses: [notFound, conflict],
  },
  /** Each battery asked: on hand, counted on by booked visits, free (issue 37). */
  'inventory.batteries.stock': {
    request: z.object({ batteries: z.array(bookedBatterySchema).max(20) }),
    answer: z.array(batteryStockSchema),
  },
} as const satisfies Record<string, RpcContract>;
