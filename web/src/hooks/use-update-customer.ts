import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CustomerSummary } from '@cincy/contracts';
import { updateCustomer, type CustomerBody } from '../api/customers';
import { QUERY_KEYS } from '../api/query-keys';

/** Replaces a customer in every loaded page (the row keeps its place until the next search). */
export function replaceCustomer(
  data: InfiniteData<CustomerSummary[], number> | undefined,
  next: CustomerSummary,
): InfiniteData<CustomerSummary[], number> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => page.map((c) => (c.id === next.id ? next : c))),
  };
}

/**
 * Edit Customer Information. The answer is written into the list at once; Battery Search and the
 * lookups are read again (their names come from copies the edit updates).
 */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CustomerBody }) => updateCustomer(id, input),
    onSuccess: (customer) => {
      queryClient.setQueriesData<InfiniteData<CustomerSummary[], number>>(
        { queryKey: QUERY_KEYS.customersAll, predicate: (q) => isInfinite(q.state.data) },
        (data) => replaceCustomer(data, customer),
      );
      void queryClient.invalidateQueries({
        queryKey: QUERY_KEYS.customersAll,
        predicate: (q) => !isInfinite(q.state.data),
      });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.serialSearchAll });
    },
  });
}

/** An infinite query's data (the list's pages), not a lookup's plain list. */
export function isInfinite(data: unknown): data is InfiniteData<unknown> {
  return !!data && typeof data === 'object' && Array.isArray((data as InfiniteData<unknown>).pages);
}
