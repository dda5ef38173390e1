import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletePasskey, fetchAccountSecurity } from '../api/account';
import { ACCOUNT_QUERY_KEYS } from '../api/account-query-keys';
import { addPasskey } from '../lib/passkeys';

/** The signed-in account's second steps and passkeys; read fresh each time Security opens. */
export function useAccountSecurity() {
  return useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.security,
    queryFn: ({ signal }) => fetchAccountSecurity(signal),
    refetchOnMount: 'always',
  });
}

function useRefetchSecurity(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEYS.security });
}

/** Registers a passkey of this device (the browser's prompt, then the server's check). */
export function useAddPasskey() {
  const refetch = useRefetchSecurity();
  return useMutation({
    mutationFn: (name: string | undefined) => addPasskey(name),
    onSuccess: refetch,
  });
}

export function useRemovePasskey() {
  const refetch = useRefetchSecurity();
  return useMutation({
    mutationFn: (id: number) => deletePasskey(id),
    onSuccess: refetch,
  });
}
