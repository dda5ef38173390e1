/** How long a supervised process waits before its next start, and when that wait starts over. */
export const RESTART = { firstDelayMs: 500, maxDelayMs: 30_000, healthyAfterMs: 60_000 } as const;

/**
 * The wait before restarting a process that exited after `upMs`, when its last wait was
 * `lastDelayMs` (0: never restarted): doubling from half a second to 30 s, and back to the start
 * once it had stayed up a minute (a crash an hour later is not part of a crash loop).
 */
export function restartDelayMs(lastDelayMs: number, upMs: number): number {
  if (lastDelayMs === 0 || upMs >= RESTART.healthyAfterMs) return RESTART.firstDelayMs;
  return Math.min(lastDelayMs * 2, RESTART.maxDelayMs);
}
