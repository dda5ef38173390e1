/**
 * Runs `run` once the browser has nothing more urgent to do (at the latest after `timeoutMs`):
 * work the screen does not wait for, kept out of the frames that draw what just changed.
 * Safari has no requestIdleCallback: a timer there. Returns the cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, Math.min(200, timeoutMs));
  return () => window.clearTimeout(timer);
}
