import { useEffect, useState, useSyncExternalStore } from 'react';

/** The current time, re-read every `intervalMs` (one timer per board, not per card). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const noSubscription = () => () => {};

/**
 * False while React takes over a page prerendered at build time, true from the next render on (at
 * once on a page drawn in the browser). What depends on the visitor's clock waits for it: the
 * HTML was drawn with the build machine's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
