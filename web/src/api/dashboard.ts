import type { DashboardStats, MapConfig } from '@cincy/contracts';
import { requestJson } from './request';

export function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return requestJson('GET', '/api/dashboard/stats', undefined, { signal });
}

/** The answer is a bare number (the gateway unwraps `inventory.sales.today`). */
export function fetchBatteriesSoldToday(signal?: AbortSignal): Promise<number> {
  return requestJson('GET', '/api/dashboard/batteries-sold-today', undefined, { signal });
}

/** Where the map's tiles come from (configured on the server). */
export function fetchMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return requestJson('GET', '/api/dashboard/map', undefined, { signal });
}
