import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset, resetPassword } from '../api/account';

/** "Forgot password?": the answer is the same whether or not such an account exists. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (login: string) => requestPasswordReset(login) });
}

/** A new password by the emailed link's token. */
export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (password: string) => resetPassword(token, password) });
}
