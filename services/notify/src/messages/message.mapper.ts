import { Message } from '@cincy/contracts';
import { maskLinks } from './message-rules';
import type { MessageRow } from './messages.repository';

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** A stored message as staff see it: the text part, its private link masked. */
export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    reference: row.reference,
    kind: row.kind,
    channel: row.channel,
    to: row.to_address,
    subject: row.subject,
    state: row.state,
    route: row.route,
    attempts: row.attempts,
    lastError: row.last_error,
    preview: maskLinks(row.body_text),
    createdAt: new Date(row.created_at).toISOString(),
    nextAttemptAt: row.state === 'queued' ? iso(row.next_attempt_at) : null,
    sentAt: iso(row.sent_at),
  };
}
