import type {
  InventoryItem,
  RpcAnswer,
  inventoryFilterSchema,
  inventoryItemInputSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** GET /api/inventory's filters (category, lowStock), as the inventory service takes them. */
export type InventoryQuery = SchemaInput<typeof inventoryFilterSchema>;

/** The body of POST and PUT /api/inventory. */
export type InventoryItemBody = SchemaInput<typeof inventoryItemInputSchema>;

/**
 * What DELETE /api/inventory/{id} answers: `retired` when service records still point at it. The
 * contracts declare it only as the RPC's answer (no named schema).
 */
export type InventoryDeleteAnswer = RpcAnswer<'inventory.items.delete'>;

export function fetchInventory(
  query: InventoryQuery = {},
  signal?: AbortSignal,
): Promise<InventoryItem[]> {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.lowStock) params.set('lowStock', 'true');
  const search = params.toString();
  return requestJson('GET', `/api/inventory${search ? `?${search}` : ''}`, undefined, { signal });
}

/** Admins only. Answers the item as stored. */
export function createInventoryItem(input: InventoryItemBody): Promise<InventoryItem> {
  return requestJson('POST', '/api/inventory', input);
}

/** Admins only: the whole item (a new count replaces the stored one). */
export function updateInventoryItem(id: number, input: InventoryItemBody): Promise<InventoryItem> {
  return requestJson('PUT', `/api/inventory/${id}`, input);
}

export function deleteInventoryItem(id: number): Promise<InventoryDeleteAnswer> {
  return requestJson('DELETE', `/api/inventory/${id}`);
}
