import type { SignedInUser, loginRequestSchema } from '@cincy/contracts';
import { ApiRequestError, apiRequest, requestJson } from './request';
import type { SchemaInput } from './schema-types';

export type LoginBody = SchemaInput<typeof loginRequestSchema>;

export function login(body: LoginBody): Promise<SignedInUser> {
  return requestJson('POST', '/api/auth/login', body);
}

/** The answer is not read: signing out locally does not wait on it. */
export async function logout(userId: number | undefined): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', { userId });
}

/** The signed-in user, or null when there is no session (a 401 is an answer here, not an error). */
export async function fetchCurrentUser(): Promise<SignedInUser | null> {
  try {
    return await requestJson<SignedInUser>('GET', '/api/users/current');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
