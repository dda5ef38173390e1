import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmTotp, startTotpSetup } from '../api/account';
import { ACCOUNT_QUERY_KEYS } from '../api/account-query-keys';
import { ApiRequestError } from '../api/request';
import { authStore } from '../lib/auth-store';

/**
 * A new secret for the authenticator app (its QR code); 409 when one is already set up. A 401:
 * no session at all (a pending one expired), so /login asks for the password again.
 */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () => startTotpSetup(),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) authStore.clearPending();
    },
  });
}

/** The app's first code turns two-step sign-in on; the answer is the recovery codes, once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => confirmTotp(code),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEYS.security }),
  });
}
