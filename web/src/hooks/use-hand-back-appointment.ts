import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handBackAppointment, type HandBackBody } from '../api/assignment';
import { writeAppointment } from '../lib/live-cache';

/** The assigned technician gives the job back; the answer is written into the board at once. */
export function useHandBackAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: HandBackBody }) => handBackAppointment(id, body),
    onSuccess: (appointment) => writeAppointment(queryClient, appointment),
  });
}
