import type { InventoryItem } from '@cincy/contracts';
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
