import { useQuery } from '@tanstack/react-query';
import { fetchAppointments } from '../api/appointments';
import { QUERY_KEYS } from '../api/query-keys';

/**
 * Live updates come from the board socket (useLiveUpdates); this slow poll is only a safety net
 * for a missed push. The spec's 5 s polling is replaced by the push.
 */
export const APPOINTMENTS_SAFETY_POLL_MS = 30_000;

export function useAppointments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.appointments,
    queryFn: ({ signal }) => fetchAppointments(signal),
    enabled,
    refetchInterval: APPOINTMENTS_SAFETY_POLL_MS,
  });
}
