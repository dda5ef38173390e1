import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagesQuery } from '@cincy/contracts';
import {
  MESSAGE_KEYS,
  fetchAppointmentMessages,
  fetchMessages,
  resendMessage,
} from '../api/messages';

/** The drawer reads the job's messages again this often while it is open. */
const MESSAGES_REFETCH_MS = 5_000;

/**
 * A job's messages (admins), read only while its drawer is open and again every 5 s meanwhile:
 * a message goes from queued to sent (or failed) within seconds, with no push to say so.
 */
export function useAppointmentMessages(appointmentId: number, open: boolean) {
  return useQuery({
    queryKey: MESSAGE_KEYS.ofAppointment(appointmentId),
    queryFn: ({ signal }) => fetchAppointmentMessages(appointmentId, signal),
    enabled: open,
    refetchInterval: open ? MESSAGES_REFETCH_MS : false,
  });
}

/** One day's messages (the Messages view); the last list stays while another filter loads. */
export function useMessages(query: MessagesQuery) {
  return useQuery({
    queryKey: MESSAGE_KEYS.list(query),
    queryFn: ({ signal }) => fetchMessages(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: MESSAGES_REFETCH_MS * 3,
  });
}

/** Sends a failed message again; every list that may show it is read again either way. */
export function useResendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resendMessage(id),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: MESSAGE_KEYS.all }),
        client.invalidateQueries({ queryKey: MESSAGE_KEYS.ofAppointmentAll }),
      ]),
  });
}
