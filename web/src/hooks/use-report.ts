import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportQuery } from '@cincy/contracts';
import { fetchReport } from '../api/reports';
import { QUERY_KEYS } from '../api/query-keys';

/**
 * The Reports screen's figures for one range (admins). The last report stays on screen while
 * another range loads.
 */
export function useReport(query: ReportQuery) {
  return useQuery({
    queryKey: QUERY_KEYS.report(query),
    queryFn: ({ signal }) => fetchReport(query, signal),
    placeholderData: keepPreviousData,
  });
}
