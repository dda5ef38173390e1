import { useQuery } from '@tanstack/react-query';
import { fetchDispatchSettings } from '../api/dispatch-queue';
import { QUERY_KEYS } from '../api/query-keys';

/** Auto-dispatch on or off; 'settings.changed' pushes every change. */
export function useDispatchSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.dispatchSettings,
    queryFn: ({ signal }) => fetchDispatchSettings(signal),
    enabled,
  });
}
