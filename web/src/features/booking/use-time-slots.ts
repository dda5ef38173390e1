import { useQuery } from '@tanstack/react-query';
import { POLLING_MS } from '@cincy/contracts';
import { fetchTimeSlots } from './booking-api';

export const timeSlotsQueryKey = (date: string, address: string) =>
  ['/api/time-slots', date, address] as const;

/** Server availability for a date and address, refreshed every 30 s; the grid works without it. */
export function useTimeSlots(date: string, address: string, enabled: boolean) {
  return useQuery({
    queryKey: timeSlotsQueryKey(date, address),
    queryFn: ({ signal }) => fetchTimeSlots(date, address, signal),
    enabled: enabled && date !== '',
    refetchInterval: POLLING_MS.timeSlots,
  });
}
