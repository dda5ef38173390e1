import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusChange } from '@cincy/contracts';
import { changeAppointmentStatus } from '../api/appointments';
import { writeAppointment } from '../lib/live-cache';

/** Accept, En Route, On Location. The answer is written into the board at once (the push follows). */
export function useChangeAppointmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: StatusChange }) =>
      changeAppointmentStatus(id, change),
    onSuccess: (appointment) => writeAppointment(queryClient, appointment),
  });
}
