import type { TimeSlotsRequest } from '@cincy/contracts';

/**
 * Every react-query key of the app. The first element is the URL path the query GETs, the rest are
 * its parameters, so a key reads as the request it caches and `invalidateQueries` by path works.
 */
export const QUERY_KEYS = {
  appointments: ['/api/appointments'] as const,
  timeSlots: ({ date, address = '' }: TimeSlotsRequest) =>
    ['/api/time-slots', date, address] as const,
};
