import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CustomerSummary } from '@cincy/contracts';
import { deleteCustomer } from '../api/customers';
import { QUERY_KEYS } from '../api/query-keys';
import { isInfinite } from './use-update-customer';

/**
 * Delete Customer Record (admins and the named account). The row leaves the list at once, then
 * every customer list and Battery Search are read again (the pages' offsets moved by one).
 */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCustomer(id),
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<InfiniteData<CustomerSummary[], number>>(
        { queryKey: QUERY_KEYS.customersAll, predicate: (q) => isInfinite(q.state.data) },
        (data) =>
          data && { ...data, pages: data.pages.map((page) => page.filter((c) => c.id !== id)) },
      );
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.customersAll });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.serialSearchAll });
    },
  });
}
