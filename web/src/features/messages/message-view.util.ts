import {
  MESSAGE_KIND_LABELS,
  formatPhone,
  type Message,
  type MessageChannel,
  type MessageState,
} from '@cincy/contracts';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';
import { NO_DATE, formatDateTime } from '../../lib/format';

/**
 * How the back office words a customer's message (the job's drawer, the Messages view): pure,
 * so each mapping is tested without antd.
 */

/** antd Tag colours: waiting blue, sent green, failed red, dropped (not news any more) grey. */
export const MESSAGE_STATE_COLORS: Record<MessageState, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  dropped: 'default',
};

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Dropped',
};

/** The states whose reason staff read beside them: why it failed, or what overtook it. */
export const hasReason = (m: Pick<Message, 'state' | 'lastError'>) =>
  (m.state === 'failed' || m.state === 'dropped') && !!m.lastError;

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: 'Email',
  sms: 'Text',
};

/** The step a message tells of: "On the way". */
export const messageStep = (m: Pick<Message, 'kind'>) => MESSAGE_KIND_LABELS[m.kind] ?? m.kind;

/** Where it goes, as staff read it: the email as is, a number as "(513) 555-0188". */
export const messageAddress = (m: Pick<Message, 'channel' | 'to'>) =>
  m.channel === 'sms' ? formatPhone(m.to) : m.to;

/** Only a failed message may be sent again (the server refuses the others). */
export const canResend = (m: Pick<Message, 'state'>) => m.state === 'failed';

/**
 * The state with its reason when it failed or was dropped: "Failed: 550 mailbox unavailable",
 * "Dropped: visit cancelled".
 */
export function stateText(m: Pick<Message, 'state' | 'lastError'>): string {
  const label = MESSAGE_STATE_LABELS[m.state] ?? m.state;
  return hasReason(m) ? `${label}: ${m.lastError}` : label;
}

/**
 * When it went or will go: "Sent Jun 14, 2030, 2:05 PM", "Next attempt ..." for one waiting (a
 * retry, or a text held for quiet hours), "Sending...", or null when there is nothing to say.
 */
export function messageWhen(m: Pick<Message, 'state' | 'sentAt' | 'nextAttemptAt'>): string | null {
  if (m.state === 'sent') return m.sentAt ? `Sent ${formatDateTime(m.sentAt)}` : null;
  if (m.state === 'sending') return 'Sending...';
  if (m.state === 'queued' && m.nextAttemptAt) {
    const at = formatDateTime(m.nextAttemptAt);
    return at === NO_DATE ? null : `Next attempt ${at}`;
  }
  return null;
}

/** "1 attempt", "3 attempts". */
export const attemptsText = (attempts: number) =>
  `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;

/** The Messages view's state filter: every state, or the ones staff look for. */
export const STATE_FILTERS: readonly { value: MessageState | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'dropped', label: 'Dropped' },
];

export const MESSAGE_TEXTS = {
  resentTitle: 'Message Queued',
  resent: 'The message will be sent again shortly.',
  resendFailedTitle: 'Error',
  resendFailed: 'Could not send the message again.',
  empty: 'No messages yet',
  emptyDay: 'No messages this day.',
  loadFailed: 'Could not load the messages.',
} as const;

export function resentToast(m: Pick<Message, 'kind' | 'channel'>): ToastInput {
  return {
    title: MESSAGE_TEXTS.resentTitle,
    description: `${messageStep(m)} (${MESSAGE_CHANNEL_LABELS[m.channel]}): ${MESSAGE_TEXTS.resent}`,
  };
}

/** Our sentence, then the server's reason ("Only a failed message can be sent again."). */
export function resendFailedToast(error: unknown): ToastInput {
  const reason = serverMessageOf(error);
  return {
    title: MESSAGE_TEXTS.resendFailedTitle,
    description: reason ? `${MESSAGE_TEXTS.resendFailed} ${reason}` : MESSAGE_TEXTS.resendFailed,
    variant: 'destructive',
  };
}
