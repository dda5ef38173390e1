import { useQuery } from '@tanstack/react-query';
import { fetchCustomerServiceRecords } from '../api/customers';
import { QUERY_KEYS } from '../api/query-keys';

/** A customer's service history, newest first; read again each time the dialog opens. */
export function useCustomerServiceRecords(customerId: number) {
  return useQuery({
    queryKey: QUERY_KEYS.customerServiceRecords(customerId),
    queryFn: ({ signal }) => fetchCustomerServiceRecords(customerId, signal),
    refetchOnMount: 'always',
  });
}
