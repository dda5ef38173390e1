import type { LocationReport, UserLocation } from '@cincy/contracts';
import { apiRequest, requestJson } from './request';

/** Every staff user with status, position and last seen: the map and Online Team choose from it. */
export function fetchUserLocations(signal?: AbortSignal): Promise<UserLocation[]> {
  return requestJson<UserLocation[]>('GET', '/api/users/locations', undefined, { signal });
}

/** The answer is not shown (spec section 7). */
export async function reportLocation(userId: number, report: LocationReport): Promise<void> {
  await apiRequest('PUT', `/api/users/${userId}/location`, report);
}

export function sendHeartbeat(userId: number): Promise<{ message: string }> {
  return requestJson<{ message: string }>('POST', `/api/users/${userId}/heartbeat`);
}
