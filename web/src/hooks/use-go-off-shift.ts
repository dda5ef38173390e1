import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goOffShift } from '../api/dispatch-queue';
import { QUERY_KEYS } from '../api/query-keys';

/** The signed-in technician ends their shift now; the schedules are read again. */
export function useGoOffShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => goOffShift(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.schedules }),
  });
}
