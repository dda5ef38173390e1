import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelVisit, type CancelVisitBody } from '../api/appointments';
import { QUERY_KEYS } from '../api/query-keys';

/** Staff cancel a visit; the board reads the appointments again (its push does too). */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CancelVisitBody }) => cancelVisit(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.appointments }),
  });
}
