import { z } from 'zod';
import { tooLong } from '../common';

/** What an admin does to stock by hand: a shipment in, a count, a damaged unit out. */
export const STOCK_MOVEMENT_TYPES = ['receive', 'correct', 'write_off'] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];

export const STOCK_MOVEMENT_REASON_MAX = 200;
/** GET /api/inventory/{id}/movements answers the newest this many. */
export const STOCK_MOVEMENTS_LIMIT = 100;

export const STOCK_MOVEMENT_MESSAGES = {
  type: 'Type must be receive, correct or write_off',
  reasonRequired: 'Give a reason',
  quantity: 'Quantity must be a whole number',
  received: 'Receive at least 1',
  writtenOff: 'Write off at least 1',
  counted: 'The counted quantity must be 0 or more',
  /** Stock never goes below 0 (a 409). */
  belowZero: (name: string, onHand: number, writeOff: number) =>
    `Only ${onHand} of ${name} in stock: cannot write off ${writeOff}`,
  /** The reason the item form's quantity change is recorded with (PUT /api/inventory/{id}). */
  editedCount: 'Count set in Edit Item',
} as const;

/** POST /api/inventory/{id}/movements: `quantity` is the units moved, or for 'correct' the count. */
export const stockMovementInputSchema = z
  .object({
    type: z.enum(STOCK_MOVEMENT_TYPES, STOCK_MOVEMENT_MESSAGES.type),
    quantity: z
      .number(STOCK_MOVEMENT_MESSAGES.quantity)
      .int(STOCK_MOVEMENT_MESSAGES.quantity)
      .min(0, STOCK_MOVEMENT_MESSAGES.counted)
      .max(1_000_000, 'Quantity must be at most 1000000'),
    reason: z
      .string({ error: STOCK_MOVEMENT_MESSAGES.reasonRequired })
      .trim()
      .min(1, STOCK_MOVEMENT_MESSAGES.reasonRequired)
      .max(STOCK_MOVEMENT_REASON_MAX, tooLong('Reason', STOCK_MOVEMENT_REASON_MAX)),
  })
  .superRefine((input, ctx) => {
    // A receipt or write-off of nothing is no movement; a count of 0 is.
    if (input.type !== 'correct' && input.quantity < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message:
          input.type === 'receive'
            ? STOCK_MOVEMENT_MESSAGES.received
            : STOCK_MOVEMENT_MESSAGES.writtenOff,
      });
  });
export type StockMovementInput = z.infer<typeof stockMovementInputSchema>;

/**
 * One inventory_transactions row as the item's drawer lists it. `type` is any recorded type: the
 * three above, and 'created', 'edited', 'retired', 'adjusted' (older edits of the count) and the
 * service codes an install writes ('battery_installed', 'warranty_replacement').
 */
export const stockMovementSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  type: z.string(),
  quantityChange: z.number().int(),
  previousQuantity: z.number().int(),
  newQuantity: z.number().int(),
  reason: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** The item's quantity after a movement: a number, or 'below-zero' (refused). */
export function quantityAfter(
  onHand: number,
  movement: Pick<StockMovementInput, 'type' | 'quantity'>,
): number | 'below-zero' {
  const after =
    movement.type === 'receive'
      ? onHand + movement.quantity
      : movement.type === 'write_off'
        ? onHand - movement.quantity
        : movement.quantity;
  return after < 0 ? 'below-zero' : after;
}

/** How the drawer names a recorded type. */
export const STOCK_MOVEMENT_LABELS: Record<string, string> = {
  receive: 'Received',
  correct: 'Count corrected',
  write_off: 'Written off',
  created: 'Item added',
  adjusted: 'Count corrected',
  edited: 'Details edited',
  retired: 'Retired',
  battery_installed: 'Installed',
  warranty_replacement: 'Warranty replacement',
  transfer: 'Moved',
};
export const stockMovementLabel = (type: string) => STOCK_MOVEMENT_LABELS[type] ?? type;
