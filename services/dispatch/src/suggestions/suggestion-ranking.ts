import {
  AppointmentStatus,
  BusyWith,
  ESTIMATE,
  Point,
  Suggestion,
  estimateDrive,
  minutesUntilFree,
} from '@cincy/contracts';

/** A technician on shift as the ranking sees them. */
export interface Candidate {
  technicianId: number;
  name: string;
  /** Their last reported position. */
  position: Point | null;
  /** Their job in accepted, en route or on location, if any. */
  activeJob: (BusyWith & { id: number }) | null;
}

/** A drive the routing server measured. */
export interface RoutedDrive {
  minutes: number;
  km: number;
}

/**
 * Where the drive to the next customer starts: a busy technician leaves from the job they are
 * finishing, a free one from where they were last seen.
 */
export function startPoint(candidate: Candidate): Point | null {
  return candidate.activeJob ? candidate.activeJob.location : candidate.position;
}

/**
 * Turns OSRM's seconds and metres into a drive. Its durations are wheels rolling only, so the
 * estimate's departure minutes are added: both sources then mean the same thing.
 */
export function routedDrive(seconds: number, metres: number): RoutedDrive {
  return { minutes: ESTIMATE.departureMinutes + seconds / 60, km: metres / 1000 };
}

/**
 * Each candidate's arrival at the customer: minutes until free plus the drive (the routing
 * server's when `routed` has one for them, else the estimate). Unknown positions give no ETA and
 * rank after every known one; known ones rank soonest first, then nearest, then by name.
 */
export function rankSuggestions(
  candidates: readonly Candidate[],
  customer: Point | null,
  now: Date,
  routed: ReadonlyMap<number, RoutedDrive> = new Map(),
  installMinutes: number = ESTIMATE.installMinutes,
): Suggestion[] {
  const suggestions = candidates.map((candidate): Suggestion => {
    const from = startPoint(candidate);
    const activeJob = candidate.activeJob
      ? { id: candidate.activeJob.id, status: candidate.activeJob.status as AppointmentStatus }
      : null;
    const base = { technicianId: candidate.technicianId, name: candidate.name, activeJob };
    if (!from || !customer) {
      return { ...base, etaMinutes: null, distanceKm: null, source: 'estimate' };
    }
    const routedDrive = routed.get(candidate.technicianId);
    const drive = routedDrive ?? estimateDrive(from, customer);
    const busy = minutesUntilFree(candidate.activeJob, candidate.position, now, installMinutes);
    return {
      ...base,
      etaMinutes: Math.round(busy + drive.minutes),
      distanceKm: Math.round(drive.km * 10) / 10,
      source: routedDrive ? 'routing' : 'estimate',
    };
  });
  return suggestions.sort(bySoonest);
}

function bySoonest(a: Suggestion, b: Suggestion): number {
  if (a.etaMinutes === null || b.etaMinutes === null) {
    if (a.etaMinutes !== b.etaMinutes) return a.etaMinutes === null ? 1 : -1;
    return a.name.localeCompare(b.name);
  }
  return (
    a.etaMinutes - b.etaMinutes ||
    (a.distanceKm ?? 0) - (b.distanceKm ?? 0) ||
    a.name.localeCompare(b.name)
  );
}
