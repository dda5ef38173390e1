import { useQuery } from '@tanstack/react-query';
import { POLLING_MS } from '@cincy/contracts';
import { fetchBatteriesSoldToday } from '../api/dashboard';
import { QUERY_KEYS } from '../api/query-keys';

/** Polled every 30 s; `sales.changed` pushes update it in between. */
export function useBatteriesSoldToday({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.batteriesSoldToday,
    queryFn: ({ signal }) => fetchBatteriesSoldToday(signal),
    enabled,
    refetchInterval: POLLING_MS.batteriesSold,
  });
}
