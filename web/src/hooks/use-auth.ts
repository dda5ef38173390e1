import { useSyncExternalStore } from 'react';
import type { SignedInUser } from '@cincy/contracts';
import { authStore } from '../lib/auth-store';

export function useCurrentUser(): SignedInUser | null {
  return useSyncExternalStore(authStore.subscribe, () => authStore.getState().currentUser);
}

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(authStore.subscribe, () => authStore.getState().isAuthenticated);
}

/** True while the first GET /api/users/current is under way: protected routes wait for it. */
export function useAuthRestoring(): boolean {
  return useSyncExternalStore(authStore.subscribe, authStore.isRestoring);
}

/** True when the server ended the last session (deleted, demoted, new password), until a sign-in. */
export function useSessionEndedByServer(): boolean {
  return useSyncExternalStore(authStore.subscribe, authStore.sessionEndedByServer);
}
