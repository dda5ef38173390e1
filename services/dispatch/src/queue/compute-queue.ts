import {
  isBeforeDeparture,
  AppointmentStatus,
  BookedBattery,
  BookedHour,
  ESTIMATE,
  Point,
  Priority,
  ScheduleFacts,
  estimateDrive,
  holdsTechnicianNow,
  isAsap,
  nextShiftStart,
  minutesUntilFree,
  onShiftAt,
} from '@cincy/contracts';

/** What the queue needs of an open job. */
export interface QueueJob extends BookedHour {
  id: number;
  status: AppointmentStatus;
  priority: Priority;
  requestedAt: Date;
  technicianId: number | null;
  customerLocation: Point | null;
  onLocationAt: Date | null;
  /** The battery it needs (fitment); null or absent: not known. */
  battery?: BookedBattery | null;
}

/** A technician and where they were last seen. */
export interface QueueTechnician {
  id: number;
  position: Point | null;
}

/** One waiting request, with who is expected and when. */
export interface ComputedEntry {
  appointmentId: number;
  position: number;
  technicianId: number | null;
  estimatedWaitMinutes: number | null;
  estimatedArrivalAt: Date | null;
}

const PRIORITY_RANK: Record<Priority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };
type Busy = 'accepted' | 'en_route' | 'on_location';
/** The drive when a position is unknown: what `minutesUntilFree` assumes in the same case. */
const UNKNOWN_DRIVE_MINUTES = 15;
const MINUTE = 60_000;

/** Open ASAP requests nobody is on the way to, most urgent first, then oldest. */
export function waitingJobs<J extends QueueJob>(jobs: readonly J[]): J[] {
  return jobs
    .filter((j) => isAsap(j) && isBeforeDeparture(j.status))
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
        a.requestedAt.getTime() - b.requestedAt.getTime() ||
        a.id - b.id,
    );
}

export const driveMinutes = (from: Point | null, to: Point | null): number =>
  from && to ? estimateDrive(from, to).minutes : UNKNOWN_DRIVE_MINUTES;

interface Van {
  freeAt: number;
  position: Point | null;
}

/**
 * The ASAP queue with an estimated wait for each request, by simulation. Each technician on shift
 * is free once the job holding them now (en route or on location, or an accepted scheduled job
 * whose hour has come: the contracts' holdsTechnicianNow) is done, at that job's customer.
 * Requests are taken in turn: one assigned or accepted goes to its
 * technician, an unassigned one to whoever can arrive first (free-at plus the drive); the
 * arrival is its wait, and that technician is then busy for an install at that customer.
 * Accepted requests are simulated first: they are what their technician does next, whatever the
 * order of the queue. Nobody on shift (and no technician of its own): the wait is null. A job's
 * own technician off shift now sets out when their next shift begins (a request accepted in the
 * evening waits for the morning, whether it is 11 PM or 5 AM), or now if none does within a week.
 */
export function computeQueue(
  jobs: readonly QueueJob[],
  technicians: readonly QueueTechnician[],
  schedules: readonly ScheduleFacts[],
  now: Date,
  installMinutes: number = ESTIMATE.installMinutes,
): ComputedEntry[] {
  const queue = waitingJobs(jobs);
  const inQueue = new Set(queue.map((j) => j.id));
  const onShift = onShiftAt(
    technicians.map((t) => t.id),
    schedules,
    now,
  );

  const vanOf = (technician: QueueTechnician): Van => {
    const busy = jobs.find(
      (j) => j.technicianId === technician.id && !inQueue.has(j.id) && holdsTechnicianNow(j, now),
    );
    const minutes = busy
      ? minutesUntilFree(
          {
            status: busy.status as Busy,
            location: busy.customerLocation,
            onLocationAt: busy.onLocationAt,
          },
          technician.position,
          now,
          installMinutes,
        )
      : 0;
    const schedule = schedules.find((s) => s.technicianId === technician.id);
    const later =
      busy || onShift.has(technician.id) || !schedule ? null : nextShiftStart(schedule, now);
    return {
      freeAt: (later ?? now).getTime() + minutes * MINUTE,
      position: busy ? (busy.customerLocation ?? technician.position) : technician.position,
    };
  };
  const vans = new Map<number, Van>();
  for (const technician of technicians) {
    // A job's own technician comes even off shift; only those on shift are picked for others.
    const needed =
      onShift.has(technician.id) || queue.some((j) => j.technicianId === technician.id);
    if (needed) vans.set(technician.id, vanOf(technician));
  }

  const estimates = new Map<number, { technicianId: number | null; arrival: number | null }>();
  const simulated = [
    ...queue.filter((j) => j.status === 'accepted'),
    ...queue.filter((j) => j.status !== 'accepted'),
  ];
  for (const job of simulated) {
    let technicianId = job.technicianId;
    let arrival: number | null = null;
    if (technicianId !== null) {
      const van = vans.get(technicianId);
      if (van) arrival = van.freeAt + driveMinutes(van.position, job.customerLocation) * MINUTE;
    } else {
      for (const [id, van] of vans) {
        if (!onShift.has(id)) continue;
        const at = van.freeAt + driveMinutes(van.position, job.customerLocation) * MINUTE;
        if (arrival === null || at < arrival) [arrival, technicianId] = [at, id];
      }
    }
    if (technicianId !== null && arrival !== null) {
      const van = vans.get(technicianId)!;
      van.freeAt = arrival + installMinutes * MINUTE;
      van.position = job.customerLocation ?? van.position;
    }
    estimates.set(job.id, { technicianId, arrival });
  }

  return queue.map((job, i) => {
    const { technicianId, arrival } = estimates.get(job.id)!;
    return {
      appointmentId: job.id,
      position: i + 1,
      technicianId,
      estimatedWaitMinutes:
        arrival === null ? null : Math.max(0, Math.round((arrival - now.getTime()) / MINUTE)),
      estimatedArrivalAt: arrival === null ? null : new Date(arrival),
    };
  });
}

/** Whether two queues differ in anything a dispatcher would see change: order, who, how long. */
export function queueChanged(
  before: readonly ComputedEntry[],
  after: readonly ComputedEntry[],
): boolean {
  if (before.length !== after.length) return true;
  return before.some((b, i) => {
    const a = after[i];
    return (
      b.appointmentId !== a.appointmentId ||
      b.position !== a.position ||
      b.technicianId !== a.technicianId ||
      b.estimatedWaitMinutes !== a.estimatedWaitMinutes
    );
  });
}
