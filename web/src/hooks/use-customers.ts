import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CUSTOMER_PAGE_SIZE } from '@cincy/contracts';
import { fetchCustomers } from '../api/customers';
import { QUERY_KEYS } from '../api/query-keys';

/** The offset of the next page: after a full page there may be more; after a short one, none. */
export function nextCustomerOffset(
  lastPage: readonly unknown[],
  lastOffset: number,
): number | undefined {
  return lastPage.length >= CUSTOMER_PAGE_SIZE ? lastOffset + CUSTOMER_PAGE_SIZE : undefined;
}

/**
 * The Customer Database: pages of CUSTOMER_PAGE_SIZE by name, searched on the server. A full page
 * means there may be more (`hasNextPage`, 'Load more'). Read again each time the screen opens:
 * no push keeps it fresh.
 */
export function useCustomers(search: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: QUERY_KEYS.customers(search),
    queryFn: ({ pageParam, signal }) => fetchCustomers({ search, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) => nextCustomerOffset(lastPage, lastOffset),
    enabled,
    refetchOnMount: 'always',
    // A new search keeps the last rows on screen until its answer comes.
    placeholderData: keepPreviousData,
  });
}
