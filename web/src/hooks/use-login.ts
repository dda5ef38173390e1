import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '../api/auth';
import { authStore } from '../lib/auth-store';

/**
 * Resolves to null when signed in, the second step when the password was right and a code (or its
 * setup) is still to go, else the failure to show; never throws.
 */
export function useLogin() {
  return useMutation({
    mutationFn: ({ username, password }: LoginBody) => authStore.login(username, password),
  });
}
