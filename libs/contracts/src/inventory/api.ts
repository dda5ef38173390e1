import { z } from 'zod';

/** An inventory item as listed by GET /api/inventory (spec section 7). */
export const inventoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  minQuantity: z.number().int(),
  unitCost: z.number(),
  notes: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
export const inventoryItemsSchema = z.array(inventoryItemSchema);

export const inventoryQuerySchema = z.object({
  category: z.enum(['battery'], 'Category must be battery').optional(),
  lowStock: z
    .enum(['true', 'false'], 'lowStock must be true or false')
    .optional()
    .transform((v) => v === 'true'),
});
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;
