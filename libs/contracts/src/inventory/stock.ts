// A plain module (no zod): the board and Inventory use it on their first screen.

/** An item is low on stock at or below its minimum. */
export const isLowStock = (item: { quantity: number; minQuantity: number }) =>
  item.quantity <= item.minQuantity;
