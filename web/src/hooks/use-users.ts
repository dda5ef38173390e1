import { useQuery, useQueryClient } from '@tanstack/react-query';
import { POLLING_MS } from '@cincy/contracts';
import { QUERY_KEYS } from '../api/query-keys';
import { fetchUsers } from '../api/users';

/** System Users (admins), polled every 30 s; `team.changed` pushes the status in between. */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.users,
    queryFn: ({ signal }) => fetchUsers(signal),
    enabled,
    refetchInterval: POLLING_MS.users,
  });
}

/** After a user change the list is read again, and the team the board shows. */
export function useRefetchUsers(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.users });
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.userLocations });
  };
}
