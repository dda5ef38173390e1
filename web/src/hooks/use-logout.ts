import { useMutation } from '@tanstack/react-query';
import { authStore } from '../lib/auth-store';

export function useLogout() {
  return useMutation({ mutationFn: () => authStore.logout() });
}
