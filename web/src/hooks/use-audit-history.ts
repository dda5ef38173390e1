import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntity } from '@cincy/contracts';
import { fetchAuditPage } from '../api/audit';
import { QUERY_KEYS } from '../api/query-keys';

/**
 * One thing's history (admins), read while its drawer is open: the newest page first, then older
 * ones by the last page's `nextBefore` ("Show older"). Read again at each opening: a change made
 * meanwhile belongs at the top.
 */
export function useAuditHistory(entity: AuditEntity, id: number, open: boolean) {
  return useInfiniteQuery({
    queryKey: QUERY_KEYS.audit(entity, id),
    queryFn: ({ pageParam, signal }) =>
      fetchAuditPage({ entity, id, before: pageParam ?? undefined }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore ?? undefined,
    enabled: open,
    refetchOnMount: 'always',
  });
}
