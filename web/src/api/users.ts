import type { LocationReport, User, UserInput, UserLocation, UserUpdate } from '@cincy/contracts';
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

/** User Management's list (admins only): never a password. */
export function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  return requestJson<User[]>('GET', '/api/users', undefined, { signal });
}

/** The body of POST /api/users: the form's values without the confirmation. */
export type CreateUserBody = Omit<UserInput, 'status'>;

export function createUser(body: CreateUserBody): Promise<User> {
  return requestJson<User>('POST', '/api/users', body);
}

/** A blank password is left out: the current one is kept. */
export function updateUser(id: number, body: UserUpdate): Promise<User> {
  return requestJson<User>('PUT', `/api/users/${id}`, body);
}

export function deleteUser(id: number): Promise<{ message: string }> {
  return requestJson<{ message: string }>('DELETE', `/api/users/${id}`);
}
