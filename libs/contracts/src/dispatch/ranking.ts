// Who can take a job, for the job's own hour: the technicians on shift then, each leaving from
// where they will be, soonest arrival first (docs/adr/0098-dispatch-knows-the-date.md). One rule
// for dispatch's suggestions, the board's "Suggested:" line and its Assign dialog, so none of them
// can say another thing than the others. A plain module (no zod): the board uses it.
import { type BookedBattery, fitsBattery } from '../booking/fitment';
import type { AppointmentStatus } from '../enums';
import { businessDate } from '../time';
import type { Suggestion } from './api';
import { BookedHour, bookedStart } from './booked-hour';
import { ESTIMATE, Point, estimateDrive, minutesUntilFree } from './estimate';
import { ScheduleFacts, onShiftAt } from './shifts';

const MINUTE = 60_000;

/** What the ranking needs of a job: the one to staff, and each technician's own. */
export interface RankingJob extends BookedHour {
  id: number;
  status: AppointmentStatus;
  technicianId: number | null;
  customerLocation: Point | null;
  /** When it was marked on location: what is left of the install counts from there. */
  onLocationAt: Date | null;
  /** The battery it needs (fitment, issue 37); null or absent: not known. */
  battery?: BookedBattery | null;
}

/** A technician and where they were last seen. */
export interface RankingTechnician {
  id: number;
  name: string;
  position: Point | null;
}

/** Everything the ranking reads; the same facts give the same answer on every side. */
export interface RankingFacts {
  technicians: readonly RankingTechnician[];
  schedules: readonly ScheduleFacts[];
  /** The jobs technicians have (any other job passed here is ignored). */
  jobs: readonly RankingJob[];
  now: Date;
  installMinutes?: number;
  /** The batteries each technician's van holds, by technician (inventory's counts). */
  vanBatteries?: ReadonlyMap<number, readonly BookedBattery[]>;
}

/** A drive measured elsewhere (the routing server), in place of the estimate's. */
export interface MeasuredDrive {
  minutes: number;
  km: number;
}

/** The hour a job is for: its booked start while that is ahead, else now (ASAP, or due). */
export function jobHour(job: BookedHour, now: Date): Date {
  const start = bookedStart(job);
  return start && start > now ? start : now;
}

/** Is the job's time here: an ASAP request, or a visit whose booked start has come? */
export function isDue(job: BookedHour, now: Date): boolean {
  const start = bookedStart(job);
  return start === null || start <= now;
}

/**
 * Does the job hold its technician now? On the way or on location; accepted once it is due. A
 * visit accepted ahead (tomorrow's, or this evening's) leaves them free until its hour.
 */
export function holdsTechnicianNow(job: Pick<RankingJob, 'status'> & BookedHour, now: Date) {
  if (job.status === 'en_route' || job.status === 'on_location') return true;
  return job.status === 'accepted' && isDue(job, now);
}

/** A technician as one job's hour finds them. */
export interface Standing {
  technicianId: number;
  name: string;
  /** On shift at the job's hour (everyone is, until the business uses shifts). */
  onShift: boolean;
  /** Where they will leave from: the customer of the job they do before, else where last seen. */
  from: Point | null;
  /** Minutes after the job's hour before they can leave `from` (0: free by then). */
  waitMinutes: number;
  /** The job that still keeps them at the job's hour, if one does. */
  busyWith: { id: number; status: AppointmentStatus } | null;
  /** Their van holds a battery the job takes; null when the job's battery is not known. */
  carriesBattery: boolean | null;
}

/**
 * A technician's jobs as the ranking reads them, worked out once per ranker: the job holding them
 * now, and their booked visits (assigned or accepted, not under way) with each start.
 */
interface TechnicianJobs {
  holding: RankingJob[];
  booked: { job: RankingJob; start: number }[];
}

function indexJobs(jobs: readonly RankingJob[], now: Date): Map<number, TechnicianJobs> {
  const index = new Map<number, TechnicianJobs>();
  for (const job of jobs) {
    if (job.technicianId === null) continue;
    let entry = index.get(job.technicianId);
    if (!entry) index.set(job.technicianId, (entry = { holding: [], booked: [] }));
    if (holdsTechnicianNow(job, now)) entry.holding.push(job);
    else if (job.status === 'assigned' || job.status === 'accepted') {
      const start = bookedStart(job);
      if (start) entry.booked.push({ job, start: start.getTime() });
    }
  }
  return index;
}

const NO_JOBS: TechnicianJobs = { holding: [], booked: [] };

/**
 * Where a technician will be, and when free, for a job at `at` (jobHour):
 * - the job holding them now (holdsTechnicianNow), if any: free once it is done (the estimate's
 *   minutesUntilFree), at its customer;
 * - for an hour ahead, then the last of their visits booked that day at or before the hour
 *   (assigned or accepted): free an install after its start, at its customer.
 * Without either they leave from where they were last seen, free at once.
 */
function standingOf(
  technician: RankingTechnician,
  { holding, booked }: TechnicianJobs,
  job: RankingJob,
  hour: { at: Date; day: string },
  now: Date,
  installMinutes: number,
): Omit<Standing, 'onShift' | 'carriesBattery'> {
  const { at, day } = hour;
  let from = technician.position;
  let freeAt = now.getTime();
  let keeper: RankingJob | null = null;
  const current = holding.find((j) => j.id !== job.id);
  if (current) {
    const busy = {
      status: current.status as 'accepted' | 'en_route' | 'on_location',
      location: current.customerLocation,
      onLocationAt: current.onLocationAt,
    };
    freeAt += minutesUntilFree(busy, technician.position, now, installMinutes) * MINUTE;
    from = current.customerLocation ?? from;
    keeper = current;
  }
  if (at > now) {
    let before: (typeof booked)[number] | null = null;
    for (const b of booked) {
      if (b.job.id === job.id || b.start > at.getTime() || b.job.scheduledDate !== day) continue;
      if (
        !before ||
        b.start > before.start ||
        (b.start === before.start && b.job.id > before.job.id)
      )
        before = b;
    }
    if (before) {
      freeAt = Math.max(freeAt, Math.max(before.start, now.getTime()) + installMinutes * MINUTE);
      from = before.job.customerLocation ?? from;
      keeper = before.job;
    }
  }
  const waitMinutes = Math.max(0, (freeAt - at.getTime()) / MINUTE);
  return {
    technicianId: technician.id,
    name: technician.name,
    from,
    waitMinutes,
    busyWith: waitMinutes > 0 && keeper ? { id: keeper.id, status: keeper.status } : null,
  };
}

/** Ranks the jobs of one board: each technician's jobs indexed once, each hour's shifts read once. */
export interface TechnicianRanker {
  /** Every technician as the job's hour finds them, on shift or not, in the facts' order. */
  standings(job: RankingJob): Standing[];
  /** The technicians on shift at the job's hour, soonest arrival first. */
  suggestions(job: RankingJob): Suggestion[];
  /** The first of `suggestions` (a board's card asks only this), or undefined with nobody. */
  best(job: RankingJob): Suggestion | undefined;
}

/** Whether a van's batteries include one the job takes (null: the job's battery is unknown). */
const carries = (
  van: readonly BookedBattery[] | undefined,
  needed: BookedBattery | null | undefined,
): boolean | null => (needed ? (van ?? []).some((b) => fitsBattery(b, needed)) : null);

export function technicianRanker(facts: RankingFacts): TechnicianRanker {
  const installMinutes = facts.installMinutes ?? ESTIMATE.installMinutes;
  const ids = facts.technicians.map((t) => t.id);
  const jobsOf = indexJobs(facts.jobs, facts.now);
  const shiftsAt = new Map<number, Set<number>>();
  const onShiftAtHour = (at: Date) => {
    let set = shiftsAt.get(at.getTime());
    if (!set) shiftsAt.set(at.getTime(), (set = onShiftAt(ids, facts.schedules, at)));
    return set;
  };
  const standings = (job: RankingJob): Standing[] => {
    const at = jobHour(job, facts.now);
    const hour = { at, day: businessDate(at) };
    const onShift = onShiftAtHour(at);
    return facts.technicians.map((t) => {
      const standing = standingOf(
        t,
        jobsOf.get(t.id) ?? NO_JOBS,
        job,
        hour,
        facts.now,
        installMinutes,
      );
      return Object.assign(standing, {
        onShift: onShift.has(t.id),
        carriesBattery: carries(facts.vanBatteries?.get(t.id), job.battery),
      });
    });
  };
  const onShiftOnly = (job: RankingJob) => standings(job).filter((s) => s.onShift);
  return {
    standings,
    suggestions: (job) => rankStandings(onShiftOnly(job), job.customerLocation),
    best: (job) => soonest(onShiftOnly(job), job.customerLocation),
  };
}

/**
 * The arrival of each technician at the customer: their wait, then the drive from where they will
 * be (the measured drive when `measured` has one for them, else the estimate). Unknown positions,
 * the technician's or the customer's, give no ETA and rank after every known one; known ones rank
 * soonest first, then nearest, then by name.
 */
export function rankStandings(
  standings: readonly Standing[],
  customer: Point | null,
  measured: ReadonlyMap<number, MeasuredDrive> = new Map(),
): Suggestion[] {
  return standings.map((s) => arrivalOf(s, customer, measured)).sort(bySoonest);
}

/** The first of rankStandings, without ranking the rest. */
function soonest(standings: readonly Standing[], customer: Point | null): Suggestion | undefined {
  let first: Suggestion | undefined;
  for (const s of standings) {
    const suggestion = arrivalOf(s, customer);
    if (!first || bySoonest(suggestion, first) < 0) first = suggestion;
  }
  return first;
}

function arrivalOf(
  s: Standing,
  customer: Point | null,
  measured?: ReadonlyMap<number, MeasuredDrive>,
): Suggestion {
  const base = {
    technicianId: s.technicianId,
    name: s.name,
    activeJob: s.busyWith,
    batteryInVan: s.carriesBattery,
  };
  if (!s.from || !customer) {
    return { ...base, etaMinutes: null, distanceKm: null, source: 'estimate' };
  }
  const routed = measured?.get(s.technicianId);
  const drive = routed ?? estimateDrive(s.from, customer);
  return {
    ...base,
    etaMinutes: Math.round(s.waitMinutes + drive.minutes),
    distanceKm: Math.round(drive.km * 10) / 10,
    source: routed ? 'routing' : 'estimate',
  };
}

/** A van carrying the job's battery first (no second trip), then the soonest arrival. */
function bySoonest(a: Suggestion, b: Suggestion): number {
  if (a.batteryInVan !== b.batteryInVan) return a.batteryInVan ? -1 : 1;
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
