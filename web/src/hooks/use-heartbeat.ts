import { useEffect } from 'react';
import { LOCATION } from '@cincy/contracts';
import { ApiRequestError } from '../api/request';
import { sendHeartbeat } from '../api/users';

/** One heartbeat; failures are only logged, never shown: a 404 as user not found. */
export async function sendHeartbeatOnce(userId: number): Promise<void> {
  try {
    await sendHeartbeat(userId);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      console.warn(`Heartbeat: user not found (${userId})`);
    else console.warn('Heartbeat: failed heartbeat', error);
  }
}

/** While signed in: a heartbeat at once, then every 5 minutes (the field app: every minute). */
export function useHeartbeat(
  userId: number | null,
  intervalMs: number = LOCATION.heartbeatIntervalMs,
) {
  useEffect(() => {
    if (userId === null) return;
    void sendHeartbeatOnce(userId);
    const timer = window.setInterval(() => void sendHeartbeatOnce(userId), intervalMs);
    return () => window.clearInterval(timer);
  }, [userId, intervalMs]);
}
