import { Counter, metricsRegistry } from '@cincy/platform';

/**
 * Messages that reached `failed` (an address that cannot be one, a provider's refusal, out of
 * retries), by channel: what the "messages failing" alert watches. Each is on the back office's
 * Messages page with its reason.
 */
export const messagesFailed = new Counter({
  name: 'cincy_messages_failed_total',
  help: 'Customer messages that failed (bad address, refused, out of retries), by channel',
  labelNames: ['channel'] as const,
  registers: [metricsRegistry],
});
