import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchServiceRecords } from '../api/service-records';
import { QUERY_KEYS } from '../api/query-keys';

/** Battery Search: asks only when there is text to look for. */
export function useSerialSearch(
  serialNumber: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const text = serialNumber.trim();
  return useQuery({
    queryKey: QUERY_KEYS.serialSearch(text),
    queryFn: ({ signal }) => searchServiceRecords(text, signal),
    enabled: enabled && text.length > 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}
