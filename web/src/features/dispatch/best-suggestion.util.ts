import {
  estimateDrive,
  formatEta,
  isActive,
  minutesUntilFree,
  type BusyWith,
  type DashboardAppointment,
  type Point,
  type UserLocation,
} from '@cincy/contracts';

/** The technician the estimate would send to one open job, and how soon they would be there. */
export interface BestSuggestion {
  technicianId: number;
  name: string;
  minutes: number;
}

/** Who can be ranked: online technicians whose last position is known. */
export function rankableTechnicians(team: readonly UserLocation[]): UserLocation[] {
  return team.filter(
    (u) => u.role === 'technician' && u.status === 'online' && u.currentLocation !== null,
  );
}

/** Is the job open to a dispatcher's choice (pending or assigned)? */
export const isOpenJob = (a: DashboardAppointment) =>
  a.status === 'pending' || a.status === 'assigned';

/**
 * What each technician is busy with (their job accepted, en route or on location), by technician.
 * A job on location counts from its last change (`updatedAt`), the moment it was marked so.
 */
export function busyByTechnician(board: readonly DashboardAppointment[]): Map<number, BusyWith> {
  const busy = new Map<number, BusyWith>();
  for (const a of board) {
    if (a.technicianId === null || !isActive(a.status)) continue;
    busy.set(a.technicianId, {
      status: a.status as BusyWith['status'],
      location: a.customerLocation,
      onLocationAt: a.status === 'on_location' ? new Date(a.updatedAt) : null,
    });
  }
  return busy;
}

/**
 * Minutes until a technician at `from` reaches `to`: the drive, after whatever they are busy with
 * (the rest of the install, or the drive to and install at their current job), then the drive
 * from that job's customer.
 */
export function minutesToReach(from: Point, to: Point, busy: BusyWith | null, now: Date): number {
  if (!busy) return estimateDrive(from, to).minutes;
  const start = busy.location ?? from;
  return minutesUntilFree(busy, from, now) + estimateDrive(start, to).minutes;
}

/** The best technician for one job, or undefined when there is none (see bestSuggestionFinder). */
export type BestSuggestionFinder = (job: DashboardAppointment) => BestSuggestion | undefined;

/**
 * The best technician for an open job with a known customer position: the soonest arrival by the
 * straight-line estimate among online technicians with a known position. Jobs without a position,
 * or a board without such technicians, have none. Worked out when a card asks and kept, so a big
 * day ranks the cards on screen, not a thousand jobs at every push.
 */
export function bestSuggestionFinder(
  board: readonly DashboardAppointment[],
  team: readonly UserLocation[],
  now: Date,
): BestSuggestionFinder {
  const technicians = rankableTechnicians(team);
  const found = new Map<number, BestSuggestion | undefined>();
  let busy: Map<number, BusyWith> | null = null;
  return (a) => {
    if (technicians.length === 0 || !isOpenJob(a) || !a.customerLocation) return undefined;
    if (found.has(a.id)) return found.get(a.id);
    busy ??= busyByTechnician(board);
    let top: BestSuggestion | undefined;
    for (const t of technicians) {
      const minutes = minutesToReach(
        t.currentLocation as Point,
        a.customerLocation,
        busy.get(t.id) ?? null,
        now,
      );
      if (!top || minutes < top.minutes) top = { technicianId: t.id, name: t.name, minutes };
    }
    found.set(a.id, top);
    return top;
  };
}

/** The best technician for every open job that has one, by job id (bestSuggestionFinder). */
export function bestSuggestions(
  board: readonly DashboardAppointment[],
  team: readonly UserLocation[],
  now: Date,
): Map<number, BestSuggestion> {
  const find = bestSuggestionFinder(board, team, now);
  const best = new Map<number, BestSuggestion>();
  for (const a of board) {
    const top = find(a);
    if (top) best.set(a.id, top);
  }
  return best;
}

/** 'Dana, about 12 min': how the best suggestion reads on a card. */
export const formatBestSuggestion = (best: BestSuggestion) =>
  `${best.name}, ${formatEta(best.minutes)}`;
