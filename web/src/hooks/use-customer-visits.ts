import { useQuery } from '@tanstack/react-query';
import { fetchCustomerVisits } from '../api/customers';
import { QUERY_KEYS } from '../api/query-keys';

/** The customer's visits (moved and cancelled ones too), read again each time the record opens. */
export function useCustomerVisits(customerId: number) {
  return useQuery({
    queryKey: QUERY_KEYS.customerVisits(customerId),
    queryFn: ({ signal }) => fetchCustomerVisits(customerId, signal),
    refetchOnMount: 'always',
  });
}
