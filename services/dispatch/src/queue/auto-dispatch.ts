import {
  BookedBattery,
  ScheduleFacts,
  estimateDrive,
  fitsBattery,
  holdsTechnicianNow,
  isDue,
  onShiftAt,
} from '@cincy/contracts';
import { QueueJob, QueueTechnician, waitingJobs } from './compute-queue';

/** A job and the technician auto-dispatch gives it to. */
export interface AutoAssignment {
  appointmentId: number;
  technicianId: number;
}

/**
 * Does the job keep its technician from another request now? One that holds them (on the way, on
 * location, accepted and due), or one assigned to them that is due (ASAP, or its hour has come). A
 * visit for a later hour, accepted ahead or assigned, leaves them free until then.
 */
const takesTechnicianNow = (job: QueueJob, now: Date) =>
  holdsTechnicianNow(job, now) || (job.status === 'assigned' && isDue(job, now));

/**
 * Who of `technicians` is free for a request now, in their order: on shift, with no job that takes
 * them now (takesTechnicianNow). `jobs` holds every job that may take them: the queue's read, or
 * one technician's own open jobs when auto-dispatch checks again under their lock.
 */
export function freeTechnicians<T extends { id: number }>(
  technicians: readonly T[],
  jobs: readonly QueueJob[],
  schedules: readonly ScheduleFacts[],
  now: Date,
): T[] {
  const onShift = onShiftAt(
    technicians.map((t) => t.id),
    schedules,
    now,
  );
  const taken = new Set(
    jobs
      .filter((j) => j.technicianId !== null && takesTechnicianNow(j, now))
      .map((j) => j.technicianId),
  );
  return technicians.filter((t) => onShift.has(t.id) && !taken.has(t.id));
}

/**
 * The auto-dispatch rule: every unassigned pending ASAP request, in queue order, goes to the free
 * technician whose van carries its battery (issue 37; when the job's battery is known and a free
 * van has one) who can arrive first. Free means on shift, with no job that takes them now
 * (takesTechnicianNow); each gets one request per round. Those who were last seen nowhere come
 * after those with a position, and with no customer position the technician with the lowest id is
 * taken. A request nobody is free for waits: the next event that frees someone (a completion, a
 * decline, a hand-back, a setting change) finds it here again.
 */
export function autoAssignments(
  jobs: readonly QueueJob[],
  technicians: readonly QueueTechnician[],
  schedules: readonly ScheduleFacts[],
  now: Date,
  vanBatteries: ReadonlyMap<number, readonly BookedBattery[]> = new Map(),
): AutoAssignment[] {
  const free = freeTechnicians(technicians, jobs, schedules, now);
  const assignments: AutoAssignment[] = [];
  for (const job of waitingJobs(jobs)) {
    if (free.length === 0) break;
    if (job.status !== 'pending' || job.technicianId !== null) continue;
    const drive = (t: QueueTechnician) =>
      t.position && job.customerLocation
        ? estimateDrive(t.position, job.customerLocation).minutes
        : Infinity;
    const needed = job.battery;
    const carries = (t: QueueTechnician) =>
      !!needed && (vanBatteries.get(t.id) ?? []).some((b) => fitsBattery(b, needed));
    const carriers = free.filter(carries);
    const best = (carriers.length ? carriers : free).reduce((a, b) => {
      const [da, db] = [drive(a), drive(b)];
      return db < da || (db === da && b.id < a.id) ? b : a;
    });
    assignments.push({ appointmentId: job.id, technicianId: best.id });
    free.splice(free.indexOf(best), 1);
  }
  return assignments;
}
