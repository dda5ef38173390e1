import type { DashboardStats, MapConfig } from '@cincy/contracts';
import { requestJson } from './request';

export function fetchDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return requestJson<DashboardStats>('GET', '/api/dashboard/stats', undefined, { signal });
}

/** The spec's answer is a bare number. */
export function fetchBatteriesSoldToday(signal?: AbortSignal): Promise<number> {
  return requestJson<number>('GET', '/api/dashboard/batteries-sold-today', undefined, { signal });
}

/** Where the map's tiles come from (configured on the server). */
export function fetchMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return requestJson<MapConfig>('GET', '/api/dashboard/map', undefined, { signal });
}
