import { useQuery } from '@tanstack/react-query';
import { POLLING_MS } from '@cincy/contracts';
import { QUERY_KEYS } from '../api/query-keys';
import { fetchUserLocations } from '../api/users';

/** Staff with status and position, polled every 30 s; `team.changed` pushes in between. */
export function useUserLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.userLocations,
    queryFn: ({ signal }) => fetchUserLocations(signal),
    enabled,
    refetchInterval: POLLING_MS.userLocations,
  });
}
