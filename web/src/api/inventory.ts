import type {
  StockLocation,
  TransferInput,
  InventoryItem,
  RpcAnswer,
  StockMovement,
  StockMovementInput,
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

/** Admins only: the whole item (a changed quantity is recorded as a count correction). */
export function updateInventoryItem(id: number, input: InventoryItemBody): Promise<InventoryItem> {
  return requestJson('PUT', `/api/inventory/${id}`, input);
}

export function deleteInventoryItem(id: number): Promise<InventoryDeleteAnswer> {
  return requestJson('DELETE', `/api/inventory/${id}`);
}

/**
 * Query keys of an item's movements: a path of their own, so the inventory lists' key
 * ('/api/inventory', api/query-keys.ts) never matches them.
 */
export const STOCK_KEYS = {
  all: ['/api/inventory/:id/movements'] as const,
  ofItem: (itemId: number) => ['/api/inventory/:id/movements', itemId] as const,
};

/** What POST /api/inventory/{id}/movements answers: the movement and the item as it now is. */
export type RecordedMovement = RpcAnswer<'inventory.movements.record'>;

/** GET /api/inventory/{id}/movements (admins): newest first, at most 100. */
export function fetchStockMovements(
  itemId: number,
  signal?: AbortSignal,
): Promise<StockMovement[]> {
  return requestJson('GET', `/api/inventory/${itemId}/movements`, undefined, { signal });
}

/** Admins only: receive, correct the count, or write off (never below 0: 409). */
export function recordStockMovement(
  itemId: number,
  movement: StockMovementInput,
): Promise<RecordedMovement> {
  return requestJson('POST', `/api/inventory/${itemId}/movements`, movement);
}

/** GET /api/inventory/locations: the warehouse, then each technician's van. */
export function fetchLocations(signal?: AbortSignal): Promise<StockLocation[]> {
  return requestJson('GET', '/api/inventory/locations', undefined, { signal });
}

/** POST /api/inventory/transfers: units moved between places; the item as it now is. */
export function transferStock(transfer: TransferInput): Promise<RecordedMovement> {
  return requestJson('POST', '/api/inventory/transfers', transfer);
}
