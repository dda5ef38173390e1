import { messageSchema } from '@cincy/contracts';
import { toMessage } from './message.mapper';
import type { MessageRow } from './messages.repository';

const row = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  id: 3,
  event_id: '6f1c1f4e-8d7a-4a57-9d0e-3b0b7a0f7e11',
  appointment_id: 12,
  customer_id: 5,
  reference: 'CB-7K3Q9',
  kind: 'received',
  channel: 'sms',
  to_address: '+15135550188',
  subject: null,
  body_text: 'Cincy Battery: we got your request CB-7K3Q9. Track it: http://x/track/AbC_-123',
  body_html: null,
  state: 'queued',
  route: null,
  attempts: 1,
  last_error: 'HTTP 503',
  provider_id: null,
  next_attempt_at: new Date('2030-06-15T12:00:30Z'),
  lease_until: null,
  created_at: new Date('2030-06-15T12:00:00Z'),
  sent_at: null,
  occurred_at: new Date('2030-06-15T12:00:00Z'),
  ...overrides,
});

describe('toMessage', () => {
  it('shows the text with its link masked, in the contract', () => {
    const message = toMessage(row());
    expect(messageSchema.parse(message)).toEqual(message);
    expect(message.preview).toBe(
      'Cincy Battery: we got your request CB-7K3Q9. Track it: http://x/track/…',
    );
    expect(message.nextAttemptAt).toBe('2030-06-15T12:00:30.000Z');
  });

  it('has no next attempt once sent', () => {
    const sent = toMessage(
      row({ state: 'sent', route: 'sink', sent_at: new Date('2030-06-15T12:00:01Z') }),
    );
    expect(sent.nextAttemptAt).toBeNull();
    expect(sent.sentAt).toBe('2030-06-15T12:00:01.000Z');
  });
});
