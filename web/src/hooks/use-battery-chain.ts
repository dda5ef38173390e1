import { useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../api/request';
import { fetchBatteryChain } from '../api/service-records';

/** Its own key (the route's path, then the serial), read again each time the drawer opens. */
const chainKey = (serial: string) => ['/api/service-records/chain', serial.trim().toLowerCase()];

/** A battery's chain of warranty replacements; a serial nobody installed (404) is not retried. */
export function useBatteryChain(serial: string) {
  return useQuery({
    queryKey: chainKey(serial),
    queryFn: ({ signal }) => fetchBatteryChain(serial, signal),
    refetchOnMount: 'always',
    retry: (count, error) =>
      !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
}
