import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeAppointmentStatus, type StatusChangeBody } from '../api/appointments';
import { writeAppointment } from '../lib/live-cache';

/** Accept, En Route, On Location. The answer is written into the board at once (the push follows). */
export function useChangeAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StatusChangeBody }) =>
      changeAppointmentStatus(id, change),
    onSuccess: (appointment) => writeAppointment(queryClient, appointment),
  });
}
