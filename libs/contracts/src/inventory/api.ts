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

const categorySchema = z.enum(['battery'], 'Category must be battery');

/** GET /api/inventory's query string. */
export const inventoryQuerySchema = z.object({
  category: categorySchema.optional(),
  lowStock: z
    .enum(['true', 'false'], 'lowStock must be true or false')
    .optional()
    .transform((v) => v === 'true'),
});

/** The same filter as the inventory service receives it. */
export const inventoryFilterSchema = z.object({
  category: categorySchema.optional(),
  lowStock: z.boolean().default(false),
});
export type InventoryFilter = z.infer<typeof inventoryFilterSchema>;
