import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unassignAppointment } from '../api/assignment';
import { QUERY_KEYS } from '../api/query-keys';
import { ApiRequestError } from '../api/request';
import { writeAppointment } from '../lib/live-cache';

/** Puts an assigned job back in the open pool; a 409 reads the board again. */
export function useUnassignAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unassignAppointment(id),
    onSuccess: (appointment) => writeAppointment(queryClient, appointment),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.appointments });
    },
  });
}
