import { useQuery } from '@tanstack/react-query';
import { POLLING_MS, type TimeSlotsRequest } from '@cincy/contracts';
import { QUERY_KEYS } from '../api/query-keys';
import { fetchTimeSlots } from '../api/time-slots';

/** Server availability for a date and address, refreshed every 30 s; the grid works without it. */
export function useTimeSlots(request: TimeSlotsRequest, enabled: boolean) {
  return useQuery({
    queryKey: QUERY_KEYS.timeSlots(request),
    queryFn: ({ signal }) => fetchTimeSlots(request, signal),
    enabled: enabled && request.date !== '',
    refetchInterval: POLLING_MS.timeSlots,
  });
}
