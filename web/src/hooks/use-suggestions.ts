import { useQuery } from '@tanstack/react-query';
import { fetchSuggestions } from '../api/assignment';
import { QUERY_KEYS } from '../api/query-keys';

/** The technicians on shift for one job, soonest first; read each time the assign dialog opens. */
export function useSuggestions(
  appointmentId: number,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: QUERY_KEYS.suggestions(appointmentId),
    queryFn: ({ signal }) => fetchSuggestions(appointmentId, signal),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
