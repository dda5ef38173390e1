import { useQuery } from '@tanstack/react-query';
import { fetchDashboardStats } from '../api/dashboard';
import { QUERY_KEYS } from '../api/query-keys';

/** Today's counts; kept fresh by `stats.changed` pushes and refetched after a completion. */
export function useDashboardStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.dashboardStats,
    queryFn: ({ signal }) => fetchDashboardStats(signal),
    enabled,
  });
}
