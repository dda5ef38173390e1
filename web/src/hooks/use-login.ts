import { useMutation } from '@tanstack/react-query';
import { authStore } from '../lib/auth-store';

/** Resolves to true when signed in; never throws (spec: failure means false). */
export function useLogin() {
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      authStore.login(username, password),
  });
}
