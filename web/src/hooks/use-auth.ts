import { useSyncExternalStore } from 'react';
import type { SignedInUser } from '@cincy/contracts';
import { authStore } from '../lib/auth-store';

// The prerendered public pages (and the hydration that takes them over) show a visitor who is
// not signed in; a remembered user appears right after, in the first client render.
const signedOut = () => null;
const no = () => false;

export function useCurrentUser(): SignedInUser | null {
  return useSyncExternalStore(
    authStore.subscribe,
    () => authStore.getState().currentUser,
    signedOut,
  );
}

export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(authStore.subscribe, () => authStore.getState().isAuthenticated, no);
}

/** True while the first GET /api/users/current is under way: protected routes wait for it. */
export function useAuthRestoring(): boolean {
  return useSyncExternalStore(authStore.subscribe, authStore.isRestoring, no);
}

/** True when the server ended the last session (deleted, demoted, new password), until a sign-in. */
export function useSessionEndedByServer(): boolean {
  return useSyncExternalStore(authStore.subscribe, authStore.sessionEndedByServer, no);
}
