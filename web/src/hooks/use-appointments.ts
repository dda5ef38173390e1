import type { DashboardAppointment } from '@cincy/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchAppointments } from '../api/appointments';
import { QUERY_KEYS } from '../api/query-keys';
import { keepNewerAppointments } from '../lib/live-cache';

/**
 * Live updates come from the board socket (useLiveUpdates); this slow poll is only a safety net
 * for a missed push. Pushes replace the 5 s polling the board would otherwise need.
 */
export const APPOINTMENTS_SAFETY_POLL_MS = 30_000;

export function useAppointments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.appointments,
    queryFn: ({ signal }) => fetchAppointments(signal),
    enabled,
    refetchInterval: APPOINTMENTS_SAFETY_POLL_MS,
    // A push may have brought a newer state while the list was being read.
    structuralSharing: (cached, fetched) =>
      keepNewerAppointments(
        cached as DashboardAppointment[] | undefined,
        fetched as DashboardAppointment[],
      ),
  });
}
