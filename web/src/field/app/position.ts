import type { LocationReport } from '@cincy/contracts';
import { reportLocation } from '../../api/users';
import { ApiRequestError } from '../../api/request';
import { browserTrackerDeps, createLocationTracker } from '../../lib/location-tracker';

type Report = (userId: number, report: LocationReport) => Promise<void>;

/**
 * Reports that found no signal: only the last one is kept, and sent when the phone is back online
 * (the board and the customer's page show where the van is now, not where it was).
 */
export function lastPositionWhenOffline(report: Report, target: EventTarget = window): Report {
  let held: { userId: number; report: LocationReport } | null = null;
  const send: Report = async (userId, position) => {
    try {
      await report(userId, position);
      held = null;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) held = { userId, report: position };
      throw error;
    }
  };
  target.addEventListener('online', () => {
    if (held) send(held.userId, held.report).catch(() => undefined);
  });
  return send;
}

/** The phone's position while a job is under way and the app is open (same throttle as the board). */
export const fieldLocationTracker = createLocationTracker(() => ({
  ...browserTrackerDeps(),
  report: lastPositionWhenOffline(reportLocation),
}));
