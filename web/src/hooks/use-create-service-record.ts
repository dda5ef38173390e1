import { useMutation, useQueryClient } from '@tanstack/react-query';
import { QUERY_KEYS } from '../api/query-keys';
import { createServiceRecord, type ServiceRecordBody } from '../api/service-records';

/**
 * Completes a job. Afterwards the appointments list and the stats are refetched, and the battery
 * stock, which the record took from.
 */
export function useCreateServiceRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ServiceRecordBody) => createServiceRecord(payload),
    onSuccess: () => {
      for (const queryKey of [
        QUERY_KEYS.appointments,
        QUERY_KEYS.dashboardStats,
        QUERY_KEYS.inventoryAll,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
