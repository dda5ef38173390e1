import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endAccountSession, endOtherSessions, fetchAccountSessions } from '../api/account';
import { ACCOUNT_QUERY_KEYS } from '../api/account-query-keys';

/** Where the signed-in account is signed in; read fresh each time Security opens. */
export function useAccountSessions() {
  return useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.sessions,
    queryFn: ({ signal }) => fetchAccountSessions(signal),
    refetchOnMount: 'always',
  });
}

function useRefetchSessions(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEYS.sessions });
}

/** Signs one other device out. */
export function useEndSession() {
  const refetch = useRefetchSessions();
  return useMutation({ mutationFn: (id: number) => endAccountSession(id), onSuccess: refetch });
}

/** "Sign out everywhere else": every session but this one. */
export function useEndOtherSessions() {
  const refetch = useRefetchSessions();
  return useMutation({ mutationFn: () => endOtherSessions(), onSuccess: refetch });
}
