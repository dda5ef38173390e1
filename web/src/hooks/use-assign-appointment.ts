import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignAppointment, type AssignBody } from '../api/assignment';
import { QUERY_KEYS } from '../api/query-keys';
import { ApiRequestError } from '../api/request';
import { writeAppointment } from '../lib/live-cache';

/**
 * Gives a job to a technician. The answer is written into the board at once (the push follows);
 * a 409 (someone else got there first, or the job moved on) reads the board again (the ranking is
 * the board's own).
 */
export function useAssignAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AssignBody }) => assignAppointment(id, body),
    onSuccess: (appointment) => writeAppointment(queryClient, appointment),
    onError: (error) => {
      if (!(error instanceof ApiRequestError) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.appointments });
    },
  });
}
