import type { Message, MessagesQuery } from '@cincy/contracts';
import { requestJson } from './request';

// The customers' messages as staff see them (admins): a job's, a day's, and sending a failed one
// again. The previews mask the private links; nothing here holds a token.

/** Query keys of these reads: the path first, its parameters after (as api/query-keys.ts). */
export const MESSAGE_KEYS = {
  /** Every message list (for invalidation after a resend). */
  all: ['/api/messages'] as const,
  list: ({ date, state }: MessagesQuery) =>
    ['/api/messages', { date: date ?? null, state: state ?? null }] as const,
  /** Every job's messages (for invalidation after a resend). */
  ofAppointmentAll: ['/api/appointments/:id/messages'] as const,
  ofAppointment: (appointmentId: number) =>
    ['/api/appointments/:id/messages', appointmentId] as const,
};

/** GET /api/appointments/{id}/messages: a job's messages to its customer, oldest first. */
export function fetchAppointmentMessages(
  appointmentId: number,
  signal?: AbortSignal,
): Promise<Message[]> {
  return requestJson('GET', `/api/appointments/${appointmentId}/messages`, undefined, { signal });
}

/** The query string of GET /api/messages: only the filters given. */
export function messagesSearch({ date, state }: MessagesQuery): string {
  const params = new URLSearchParams();
  if (date) params.set('date', date);
  if (state) params.set('state', state);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/messages?date=&state=: one business day's messages (today by default), newest first. */
export function fetchMessages(query: MessagesQuery, signal?: AbortSignal): Promise<Message[]> {
  return requestJson('GET', `/api/messages${messagesSearch(query)}`, undefined, { signal });
}

/** POST /api/messages/{id}/resend: a failed message queued again; answers it as it now is. */
export function resendMessage(id: number): Promise<Message> {
  return requestJson('POST', `/api/messages/${id}/resend`);
}
