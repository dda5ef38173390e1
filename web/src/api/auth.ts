import type { LoginAnswer, SignedInUser, loginRequestSchema } from '@cincy/contracts';
import { ApiRequestError, apiRequest, requestJson } from './request';
import type { SchemaInput } from './schema-types';

export type LoginBody = SchemaInput<typeof loginRequestSchema>;

/** Signed in, or the second step (or its setup) still to go: the session is then pending. */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return requestJson('POST', '/api/auth/login', body);
}

/** The answer is not read: signing out locally does not wait on it. */
export async function logout(userId: number | undefined): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', { userId });
}

/**
 * The signed-in user, or null when there is no session (a 401 is an answer here, not an error).
 * A session still waiting for its second step answers 403 MFA_REQUIRED: thrown, for the caller.
 */
export async function fetchCurrentUser(): Promise<SignedInUser | null> {
  try {
    return await requestJson<SignedInUser>('GET', '/api/users/current');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
