import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassword, requestPasswordReset, resetPassword } from '../api/account';
import { ACCOUNT_QUERY_KEYS } from '../api/account-query-keys';

/** "Forgot password?": the answer is the same whether or not such an account exists. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (login: string) => requestPasswordReset(login) });
}

/** A new password by the emailed link's token. */
export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
}

/** One's own new password (the Security page): the other sessions end, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEYS.sessions }),
  });
}
