import { QueryClient } from '@tanstack/react-query';

/**
 * No retries, no refetch on focus, no polling by default, data never stale.
 * No default query function: every hook passes its typed fetcher as `queryFn`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
