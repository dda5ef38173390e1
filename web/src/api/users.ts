import type {
  Invitation,
  RpcAnswer,
  User,
  UserLocation,
  invitationInputSchema,
  locationReportSchema,
  userInputSchema,
  userUpdateSchema,
} from '@cincy/contracts';
import { apiRequest, requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of PUT /api/users/{id}/location. */
export type LocationBody = SchemaInput<typeof locationReportSchema>;

/** The body of POST /api/users (the form leaves out `status`, which the server sets). */
export type CreateUserBody = SchemaInput<typeof userInputSchema>;

/** The body of PUT /api/users/{id}. */
export type UpdateUserBody = SchemaInput<typeof userUpdateSchema>;

/** The body of POST /api/users/invitations. */
export type InviteUserBody = SchemaInput<typeof invitationInputSchema>;

/** Every staff user with status, position and last seen: the map and Online Team choose from it. */
export function fetchUserLocations(signal?: AbortSignal): Promise<UserLocation[]> {
  return requestJson('GET', '/api/users/locations', undefined, { signal });
}

/** The answer's body is not read, only whether it succeeded. */
export async function reportLocation(userId: number, report: LocationBody): Promise<void> {
  await apiRequest('PUT', `/api/users/${userId}/location`, report);
}

export function sendHeartbeat(userId: number): Promise<RpcAnswer<'identity.users.heartbeat'>> {
  return requestJson('POST', `/api/users/${userId}/heartbeat`);
}

/** User Management's list (admins only): never a password. */
export function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  return requestJson('GET', '/api/users', undefined, { signal });
}

export function createUser(body: CreateUserBody): Promise<User> {
  return requestJson('POST', '/api/users', body);
}

/** A blank password is left out: the current one is kept. */
export function updateUser(id: number, body: UpdateUserBody): Promise<User> {
  return requestJson('PUT', `/api/users/${id}`, body);
}

export function deleteUser(id: number): Promise<RpcAnswer<'identity.users.delete'>> {
  return requestJson('DELETE', `/api/users/${id}`);
}

/** Emails a link with which the person chooses their username and password (409: email taken). */
export function inviteUser(body: InviteUserBody): Promise<Invitation> {
  return requestJson('POST', '/api/users/invitations', body);
}

/** Ends every session of a user (admins): they sign in again on each device. */
export function endUserSessions(id: number): Promise<{ ended: number }> {
  return requestJson('DELETE', `/api/users/${id}/sessions`);
}
