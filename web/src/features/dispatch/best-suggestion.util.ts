import {
  batteryLabel,
  formatEta,
  type BookedBattery,
  technicianRanker,
  type DashboardAppointment,
  type RankingJob,
  type RankingTechnician,
  type ScheduleFacts,
  type Standing,
  type Suggestion,
  type TechnicianRanker,
  type UserLocation,
} from '@cincy/contracts';

/** The best technician for one open job, with a known arrival: what a card's "Suggested:" says. */
export type BestSuggestion = Suggestion & { etaMinutes: number };

/** A job of the board as the ranking reads it: on location counts from its last change. */
export function toRankingJob(a: DashboardAppointment): RankingJob {
  return {
    id: a.id,
    status: a.status,
    technicianId: a.technicianId,
    customerLocation: a.customerLocation,
    preferredTime: a.preferredTime,
    scheduledDate: a.scheduledDate,
    scheduledTime: a.scheduledTime,
    onLocationAt: a.status === 'on_location' ? new Date(a.updatedAt) : null,
    battery: a.battery,
  };
}

/** The team's technicians as the ranking reads them (an admin's answer has their positions). */
export const rankingTechnicians = (team: readonly UserLocation[]): RankingTechnician[] =>
  team
    .filter((u) => u.role === 'technician')
    .map((u) => ({ id: u.id, name: u.name, position: u.currentLocation }));

/**
 * The contracts' ranking over what the board holds: its jobs, the team, the schedules, its minute.
 * The "Suggested:" line of every card and the Assign dialog both read this one object, so they
 * answer alike for the same job (dispatch's suggestions apply the same rule to the same facts).
 */
export interface BoardRanking {
  /** The board's minute the ranking is for. */
  now: Date;
  /** Every technician as the job's hour finds them (on shift then or not). */
  standings(job: DashboardAppointment): Standing[];
  /** Those on shift at the job's hour, soonest arrival first. */
  suggestions(job: DashboardAppointment): Suggestion[];
  /**
   * The first of `suggestions` for an unassigned open job, when its arrival is known; nothing once
   * someone has the job, or while the schedules are not read yet. Kept per job.
   */
  best(job: DashboardAppointment): BestSuggestion | undefined;
}

/**
 * The board's ranking, built when a card or the dialog first asks (not for every job at every
 * push): the cards drawn rank their own job, a big day's other jobs cost nothing.
 */
export function boardRanking(
  board: readonly DashboardAppointment[],
  team: readonly UserLocation[],
  schedules: readonly ScheduleFacts[] | undefined,
  now: Date,
  vanBatteries?: ReadonlyMap<number, readonly BookedBattery[]>,
): BoardRanking {
  let ranker: TechnicianRanker | null = null;
  const rank = () =>
    (ranker ??= technicianRanker({
      technicians: rankingTechnicians(team),
      schedules: schedules ?? [],
      jobs: board.filter((a) => a.technicianId !== null).map(toRankingJob),
      now,
      vanBatteries,
    }));
  const found = new Map<number, BestSuggestion | undefined>();
  return {
    now,
    standings: (job) => rank().standings(toRankingJob(job)),
    suggestions: (job) => rank().suggestions(toRankingJob(job)),
    best(job) {
      if (!schedules || job.status !== 'pending') return undefined;
      if (found.has(job.id)) return found.get(job.id);
      const top = rank().best(toRankingJob(job));
      const best = top?.etaMinutes != null ? (top as BestSuggestion) : undefined;
      found.set(job.id, best);
      return best;
    },
  };
}

/** 'Dana, about 12 min, has Group H6 AGM in van': how the best suggestion reads on a card. */
export const formatBestSuggestion = (best: BestSuggestion, battery?: BookedBattery | null) =>
  `${best.name}, ${formatEta(best.etaMinutes)}${best.batteryInVan && battery ? `, has ${batteryLabel(battery)} in van` : ''}`;
