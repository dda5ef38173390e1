import { useEffect, useState, useSyncExternalStore } from 'react';
import { authStore } from '../lib/auth-store';
import type { PendingStep, SecondStep } from '../lib/login-step';
import { readPendingStep, secondStepOf } from '../lib/sign-in-steps';

const noStep = () => null;

/**
 * The step this page's sign-in still waits for (the session is pending), as the auth store keeps
 * it. Beside use-auth.ts's hooks, not among them: those are in the entry every visitor downloads.
 */
export function usePendingStep(): PendingStep | null {
  return useSyncExternalStore(authStore.subscribe, authStore.pendingStep, noStep);
}

/**
 * The second step the pending session waits for: as the login answered, or (a session found
 * pending later) read from the account's second steps; `reading` while that answer is awaited.
 */
export function usePendingSecondStep(): { step: SecondStep | null; reading: boolean } {
  const kept = usePendingStep();
  const [read, setRead] = useState<{ of: PendingStep; step: SecondStep } | null>(null);
  useEffect(() => {
    if (kept?.mfa !== 'unread') return;
    let live = true;
    void readPendingStep().then((step) => {
      if (live) setRead({ of: kept, step });
    });
    return () => {
      live = false;
    };
  }, [kept]);
  if (kept?.mfa !== 'unread') return { step: kept && secondStepOf(kept), reading: false };
  return read?.of === kept ? { step: read.step, reading: false } : { step: null, reading: true };
}
