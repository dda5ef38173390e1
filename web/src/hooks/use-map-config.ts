import { useQuery } from '@tanstack/react-query';
import { fetchMapConfig } from '../api/dashboard';
import { QUERY_KEYS } from '../api/query-keys';

/** The tile URL and attribution, read once per session. */
export function useMapConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.mapConfig,
    queryFn: ({ signal }) => fetchMapConfig(signal),
    enabled,
  });
}
