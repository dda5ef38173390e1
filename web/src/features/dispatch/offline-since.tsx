import {
  isActive,
  momentLabel,
  type DashboardAppointment,
  type UserLocation,
} from '@cincy/contracts';
import './outside-shift-mark.css';

/**
 * How long a technician may go unheard while a job of theirs is under way before the board says
 * so: the field app calls in every minute while open, and keeps its steps while without signal.
 */
export const SILENT_AFTER_MS = 10 * 60_000;

/** When the job's technician was last heard of, if that is long enough ago to worry; else null. */
export function offlineSince(
  job: Pick<DashboardAppointment, 'status' | 'technicianId'>,
  team: readonly Pick<UserLocation, 'id' | 'lastSeen'>[],
  now: number,
): Date | null {
  if (!isActive(job.status) || job.technicianId === null) return null;
  const lastSeen = team.find((u) => u.id === job.technicianId)?.lastSeen;
  if (!lastSeen) return null;
  const seen = new Date(lastSeen);
  return now - seen.getTime() >= SILENT_AFTER_MS ? seen : null;
}

/** "Offline since 2:14 PM" on a job under way whose technician has not been heard of. */
export function OfflineSinceMark({ since, now }: { since: Date | null; now: number }) {
  if (!since) return null;
  return (
    <span className="outside-shift-mark" data-testid="offline-since">
      <span aria-hidden="true">⚠ </span>
      Offline since {momentLabel(since, new Date(now))}
    </span>
  );
}
