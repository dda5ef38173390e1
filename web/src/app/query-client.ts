import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../api/request';

/** Spec section 9: no retries, no refetch on focus, no polling by default, data never stale. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
