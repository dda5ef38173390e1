import { useMutation, useQueryClient } from '@tanstack/react-query';
import { declineAppointment } from '../api/appointments';
import { writeAppointment } from '../lib/live-cache';

export function useDeclineAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => declineAppointment(id),
    onSuccess: (answer) => writeAppointment(queryClient, answer.appointment),
  });
}
