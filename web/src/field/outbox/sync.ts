import type { FieldOutbox, FlushResult, OutboxStep } from './types';

const RETRY_MS = 30_000;

/** How many steps wait for signal (refused ones wait for the technician, not the network). */
export function waitingCount(steps: OutboxStep[]): number {
  return steps.filter((step) => step.state === 'waiting').length;
}

/**
 * Sends the outbox now, when the phone is back online, when the app is looked at again, and every
 * 30 s while a step waits. Returns the stop.
 */
export function startOutboxSync(
  outbox: FieldOutbox,
  {
    onResult,
    retryMs = RETRY_MS,
  }: { onResult?: (result: FlushResult) => void; retryMs?: number } = {},
): () => void {
  let stopped = false;

  const flush = () => {
    outbox.flush().then(
      (result) => {
        if (!stopped) onResult?.(result);
      },
      (error: unknown) => console.warn('Sending the outbox failed', error),
    );
  };
  const flushIfVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  const retry = setInterval(() => {
    outbox.list().then(
      (steps) => {
        if (!stopped && waitingCount(steps) > 0) flush();
      },
      (error: unknown) => console.warn('Reading the outbox failed', error),
    );
  }, retryMs);

  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', flushIfVisible);
  flush();

  return () => {
    stopped = true;
    clearInterval(retry);
    window.removeEventListener('online', flush);
    document.removeEventListener('visibilitychange', flushIfVisible);
  };
}
