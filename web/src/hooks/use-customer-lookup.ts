import { useQuery } from '@tanstack/react-query';
import { fetchCustomers } from '../api/customers';
import { QUERY_KEYS } from '../api/query-keys';

/**
 * One customer's stored details (their e-mail), found by a search for their phone number: a Battery
 * Search row knows only the name and phone, and the edit dialog sends all three.
 */
export function useCustomerLookup(customerId: number, phone: string) {
  return useQuery({
    queryKey: QUERY_KEYS.customerLookup(phone),
    queryFn: ({ signal }) => fetchCustomers({ search: phone }, signal),
    select: (customers) => customers.find((c) => c.id === customerId) ?? null,
    refetchOnMount: 'always',
  });
}
