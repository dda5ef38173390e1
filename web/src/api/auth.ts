import type { CurrentUser, LoginRequest } from '@cincy/contracts';
import { ApiRequestError, apiRequest, readJson } from './request';

export async function login(body: LoginRequest): Promise<CurrentUser> {
  return readJson<CurrentUser>(await apiRequest('POST', '/api/auth/login', body));
}

export async function logout(userId: number | undefined): Promise<void> {
  await apiRequest('POST', '/api/auth/logout', { userId });
}

/** The signed-in user, or null when there is no session (401). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await readJson<CurrentUser>(await apiRequest('GET', '/api/users/current'));
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
