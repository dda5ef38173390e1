import type { InventoryItem, InventoryItemInput } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/inventory's filters (spec section 7). */
export interface InventoryQuery {
  category?: 'battery';
  lowStock?: boolean;
}

export function fetchInventory(
  query: InventoryQuery = {},
  signal?: AbortSignal,
): Promise<InventoryItem[]> {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.lowStock) params.set('lowStock', 'true');
  const search = params.toString();
  return requestJson<InventoryItem[]>(
    'GET',
    `/api/inventory${search ? `?${search}` : ''}`,
    undefined,
    { signal },
  );
}

/** Admins only. Answers the item as stored. */
export function createInventoryItem(input: InventoryItemInput): Promise<InventoryItem> {
  return requestJson<InventoryItem>('POST', '/api/inventory', input);
}

/** Admins only: the whole item (a new count replaces the stored one). */
export function updateInventoryItem(id: number, input: InventoryItemInput): Promise<InventoryItem> {
  return requestJson<InventoryItem>('PUT', `/api/inventory/${id}`, input);
}

/** What DELETE /api/inventory/{id} answers: `retired` when service records still point at it. */
export interface InventoryDeleteAnswer {
  message: string;
  retired: boolean;
}

export function deleteInventoryItem(id: number): Promise<InventoryDeleteAnswer> {
  return requestJson<InventoryDeleteAnswer>('DELETE', `/api/inventory/${id}`);
}
