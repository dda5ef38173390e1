import type { TimeSlotsRequest } from '@cincy/contracts';
import type { InventoryQuery } from './inventory';

/**
 * Every react-query key of the app. The first element is the URL path the query GETs, the rest are
 * its parameters, so a key reads as the request it caches and `invalidateQueries` by path works.
 */
export const QUERY_KEYS = {
  appointments: ['/api/appointments'] as const,
  timeSlots: ({ date, address = '' }: TimeSlotsRequest) =>
    ['/api/time-slots', date, address] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
  batteriesSoldToday: ['/api/dashboard/batteries-sold-today'] as const,
  mapConfig: ['/api/dashboard/map'] as const,
  userLocations: ['/api/users/locations'] as const,
  /** Every inventory list, whatever its filter (for invalidation). */
  inventoryAll: ['/api/inventory'] as const,
  inventory: ({ category, lowStock = false }: InventoryQuery = {}) =>
    ['/api/inventory', { category: category ?? null, lowStock }] as const,
};

/** The list the completion dialog picks batteries from. */
export const BATTERY_INVENTORY: InventoryQuery = { category: 'battery' };
