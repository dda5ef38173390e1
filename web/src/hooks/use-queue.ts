import { useQuery } from '@tanstack/react-query';
import { fetchQueue } from '../api/dispatch-queue';
import { QUERY_KEYS } from '../api/query-keys';

/** The ASAP waiting list (admins); 'queue.changed' pushes every change. */
export function useQueue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.queue,
    queryFn: ({ signal }) => fetchQueue(signal),
    enabled,
  });
}
