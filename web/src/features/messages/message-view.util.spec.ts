import { MESSAGE_STATES, type Message } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_STATE_COLORS,
  MESSAGE_STATE_LABELS,
  STATE_FILTERS,
  attemptsText,
  canResend,
  messageAddress,
  messageStep,
  messageWhen,
  resendFailedToast,
  resentToast,
  stateText,
} from './message-view.util';

const message = (over: Partial<Message> = {}): Message => ({
  id: 1,
  appointmentId: 34,
  reference: 'CB-7K3Q9',
  kind: 'on_the_way',
  channel: 'sms',
  to: '+15135550188',
  subject: null,
  state: 'queued',
  route: null,
  attempts: 0,
  lastError: null,
  preview: 'Dana is on the way.',
  createdAt: '2030-06-14T18:00:00.000Z',
  nextAttemptAt: null,
  sentAt: null,
  ...over,
});

describe('the state tag', () => {
  it('colours waiting blue, sent green, failed red and dropped grey', () => {
    expect(MESSAGE_STATE_COLORS).toEqual({
      queued: 'blue',
      sending: 'blue',
      sent: 'green',
      failed: 'red',
      dropped: 'default',
    });
  });

  it('labels every state', () => {
    for (const state of MESSAGE_STATES) expect(MESSAGE_STATE_LABELS[state]).toMatch(/^[A-Z]/);
    expect(MESSAGE_STATE_LABELS.failed).toBe('Failed');
  });

  it("adds a failed message's reason, and only a failed one's", () => {
    expect(stateText(message({ state: 'failed', lastError: '550 No such user' }))).toBe(
      'Failed: 550 No such user',
    );
    expect(stateText(message({ state: 'failed' }))).toBe('Failed');
    expect(stateText(message({ state: 'queued', lastError: 'timeout' }))).toBe('Queued');
  });

  it('adds what overtook a dropped message', () => {
    expect(stateText(message({ state: 'dropped', lastError: 'visit cancelled' }))).toBe(
      'Dropped: visit cancelled',
    );
  });
});

describe('what a message is', () => {
  it('names the step and the channel as staff say them', () => {
    expect(messageStep(message({ kind: 'completed' }))).toBe('Completed (receipt)');
    expect(MESSAGE_CHANNEL_LABELS).toEqual({ email: 'Email', sms: 'Text' });
  });

  it('writes a number as it is read, an email as it is', () => {
    expect(messageAddress(message())).toBe('(513) 555-0188');
    expect(messageAddress(message({ channel: 'email', to: 'jane@example.com' }))).toBe(
      'jane@example.com',
    );
  });

  it('counts attempts in words', () => {
    expect(attemptsText(0)).toBe('0 attempts');
    expect(attemptsText(1)).toBe('1 attempt');
    expect(attemptsText(3)).toBe('3 attempts');
  });
});

describe('messageWhen', () => {
  it('says when a sent message went, on the business clock', () => {
    expect(messageWhen(message({ state: 'sent', sentAt: '2030-06-14T18:05:00.000Z' }))).toBe(
      'Sent Jun 14, 2030, 2:05 PM',
    );
  });

  it('says when a waiting message is tried next (a retry, or a text held for quiet hours)', () => {
    expect(
      messageWhen(message({ state: 'queued', nextAttemptAt: '2030-06-15T12:00:00.000Z' })),
    ).toBe('Next attempt Jun 15, 2030, 8:00 AM');
  });

  it('says nothing it does not know', () => {
    expect(messageWhen(message({ state: 'sending' }))).toBe('Sending...');
    expect(messageWhen(message({ state: 'failed' }))).toBeNull();
    expect(messageWhen(message({ state: 'queued', nextAttemptAt: 'nonsense' }))).toBeNull();
  });
});

describe('Resend', () => {
  it('is offered for a failed message only', () => {
    expect(canResend(message({ state: 'failed' }))).toBe(true);
    for (const state of ['queued', 'sending', 'sent', 'dropped'] as const)
      expect(canResend(message({ state }))).toBe(false);
  });

  it('toasts what was queued again', () => {
    expect(resentToast(message({ kind: 'completed', channel: 'email' }))).toEqual({
      title: 'Message Queued',
      description: 'Completed (receipt) (Email): The message will be sent again shortly.',
    });
  });

  it("toasts a refusal with the server's reason", () => {
    const refused = new ApiRequestError(409, 'Conflict', {
      code: 'CONFLICT',
      message: 'Only a failed message can be sent again.',
    });
    expect(resendFailedToast(refused)).toEqual({
      title: 'Error',
      description: 'Could not send the message again. Only a failed message can be sent again.',
      variant: 'destructive',
    });
    expect(resendFailedToast(new TypeError('Failed to fetch')).description).toBe(
      'Could not send the message again.',
    );
  });
});

describe('the state filter', () => {
  it('offers All, Queued, Sent, Failed and Dropped', () => {
    expect(STATE_FILTERS.map((f) => f.label)).toEqual([
      'All',
      'Queued',
      'Sent',
      'Failed',
      'Dropped',
    ]);
    expect(STATE_FILTERS[0].value).toBe('all');
  });
});
