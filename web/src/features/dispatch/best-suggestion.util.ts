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

/**
 * The best technician for every open job with a known customer position, by job id: the soonest
 * arrival by the straight-line estimate among online technicians with a known position. Jobs
 * without a position, or a board without such technicians, have no entry. One pass per board.
 */
export function bestSuggestions(
  board: readonly DashboardAppointment[],
  team: readonly UserLocation[],
  now: Date,
): Map<number, BestSuggestion> {
  const best = new Map<number, BestSuggestion>();
  const technicians = rankableTechnicians(team);
  if (technicians.length === 0) return best;
  const busy = busyByTechnician(board);
  for (const a of board) {
    if (!isOpenJob(a) || !a.customerLocation) continue;
    let top: BestSuggestion | null = null;
    for (const t of technicians) {
      const minutes = minutesToReach(
        t.currentLocation as Point,
        a.customerLocation,
        busy.get(t.id) ?? null,
        now,
      );
      if (!top || minutes < top.minutes) top = { technicianId: t.id, name: t.name, minutes };
    }
    if (top) best.set(a.id, top);
  }
  return best;
}

/** 'Dana, about 12 min': how the best suggestion reads on a card. */
export const formatBestSuggestion = (best: BestSuggestion) =>
  `${best.name}, ${formatEta(best.minutes)}`;
