import { MessageChannel, MessageKind, RETRY, retryDelayMs, sendableAt } from '@cincy/contracts';
import type { AttemptOutcome } from '../messages';
import type { SendResult } from './provider';

export interface AttemptContext {
  kind: MessageKind;
  channel: MessageChannel;
  /** The visit's day (YYYY-MM-DD), null for ASAP: whether it is under way (sendableAt). */
  visitDate: string | null;
  /** This attempt's number (1 for the first), as the claim counted it. */
  attempt: number;
  now: Date;
  firstDelayMs: number;
  quietHours: { fromHour: number; untilHour: number } | null;
}

/**
 * What one attempt leaves the message as: sent; failed at once for a refusal that cannot pass,
 * or after the last attempt; otherwise queued for a later try (a text's retry waiting out the
 * quiet hours); or, cut short by our own stop, given back unsent.
 */
export function outcomeOf(sent: SendResult, ctx: AttemptContext): AttemptOutcome {
  switch (sent.result) {
    case 'sent':
      return { state: 'sent', route: sent.route, providerId: sent.providerId };
    case 'aborted':
      return { state: 'released' };
    case 'permanent':
      return { state: 'failed', lastError: sent.error };
    case 'transient': {
      if (ctx.attempt >= RETRY.maxAttempts) return { state: 'failed', lastError: sent.error };
      const retryAt = new Date(ctx.now.getTime() + retryDelayMs(ctx.attempt, ctx.firstDelayMs));
      return {
        state: 'queued',
        nextAttemptAt: sendableAt(ctx.kind, ctx.channel, retryAt, ctx.visitDate, ctx.quietHours),
        lastError: sent.error,
      };
    }
  }
}
