import {
  batteryLabel,
  bookedHourLabel,
  type BookedBattery,
  formatEta,
  jobHour,
  type DashboardAppointment,
  type Standing,
  type Suggestion,
  type UserLocation,
} from '@cincy/contracts';
import { STATUS_LABELS } from './board-lists.util';

const KM_PER_MILE = 1.609344;
const BY_NAME = new Intl.Collator('en-US');

/** '2.6 mi' from the server's kilometres (staff here think in miles). */
export function formatDistance(km: number): string {
  const miles = km / KM_PER_MILE;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

/**
 * 'about 12 min · 2.6 mi · busy with job #41 · has Group H6 AGM in van': one ranked technician's
 * line (the van's battery when the job's is known and their van holds one).
 */
export function suggestionDetails(s: Suggestion, battery?: BookedBattery | null): string {
  const parts = [
    s.etaMinutes === null ? 'position unknown' : formatEta(s.etaMinutes),
    s.distanceKm === null ? null : formatDistance(s.distanceKm),
    s.activeJob ? `busy with job #${s.activeJob.id}` : null,
    s.batteryInVan && battery ? `has ${batteryLabel(battery)} in van` : null,
  ];
  return parts.filter((p): p is string => p !== null).join(' · ');
}

/** A technician not on the ranking (off shift): anyone else the dispatcher may choose. */
export interface OtherTechnician {
  id: number;
  name: string;
  online: boolean;
}

/** The technicians of the team who are not ranked (off shift now), by name. */
export function otherTechnicians(
  team: readonly UserLocation[],
  suggestions: readonly Suggestion[],
): OtherTechnician[] {
  const ranked = new Set(suggestions.map((s) => s.technicianId));
  return team
    .filter((u) => u.role === 'technician' && !ranked.has(u.id))
    .map((u) => ({ id: u.id, name: u.name, online: u.status === 'online' }))
    .sort((a, b) => BY_NAME.compare(a.name, b.name));
}

/**
 * The hour the dialog staffs a job for, as it says it: 'now' (ASAP, or a booked hour that has
 * come), else 'on Sun, Nov 29 at 10 AM'.
 */
export function staffedWhen(
  job: Pick<DashboardAppointment, 'preferredTime' | 'scheduledDate' | 'scheduledTime'>,
  now: Date,
): string {
  if (jobHour(job, now).getTime() === now.getTime()) return 'now';
  return `on ${bookedHourLabel(job.scheduledDate!, job.scheduledTime)}`;
}

export interface AssignCheck {
  /** Shown before confirming; the dispatcher may go ahead. */
  warnings: string[];
  /** The job is already theirs: nothing to confirm. */
  alreadyTheirs: boolean;
}

/**
 * What the dispatcher should know before giving `appointment` to the chosen technician, at the
 * job's hour (`when`, staffedWhen): off shift then (not on the ranking, once it has loaded), busy
 * then with another job (by the ranking, else where they stand at that hour).
 */
export function assignCheck(
  appointment: Pick<DashboardAppointment, 'id' | 'technicianId' | 'status'>,
  choice: { id: number; name: string },
  suggestions: readonly Suggestion[] | undefined,
  standings: readonly Standing[],
  when = 'now',
): AssignCheck {
  const alreadyTheirs = appointment.status === 'assigned' && appointment.technicianId === choice.id;
  const warnings: string[] = [];
  const ranked = suggestions?.find((s) => s.technicianId === choice.id);
  if (suggestions && !ranked)
    warnings.push(
      `${choice.name} is off shift ${when}. They get the job, but may not see it until their next shift.`,
    );
  const busy =
    ranked?.activeJob ?? standings.find((s) => s.technicianId === choice.id)?.busyWith ?? null;
  if (busy)
    warnings.push(
      `${choice.name} is busy with job #${busy.id} (${STATUS_LABELS[busy.status].toLowerCase()}). This job waits until they finish it.`,
    );
  return { warnings, alreadyTheirs };
}
