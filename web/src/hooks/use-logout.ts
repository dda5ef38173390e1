import { useMutation } from '@tanstack/react-query';
import { authStore } from '../app/auth-store';

export function useLogout() {
  return useMutation({ mutationFn: () => authStore.logout() });
}
