import {
  isAssignable,
  AppointmentStatus,
  DayJob,
  DayView,
  ERROR_CODES,
  ESTIMATE,
  Refusal,
  ScheduleFacts,
  addDays,
  businessDate,
  businessInstant,
  isOnShift,
  isOutsideShift,
  shiftsOn,
} from '@cincy/contracts';

export const DAY_MESSAGES = {
  outOfRange: 'Choose a date from a week ago to six days ahead.',
} as const;

/** The day view looks a week back and as far ahead as booking does (today + 6). */
export function checkDayInRange(date: string, now: Date): (Refusal & { field: 'date' }) | null {
  const today = businessDate(now);
  if (date >= addDays(today, -7) && date <= addDays(today, 6)) return null;
  return { code: ERROR_CODES.validation, message: DAY_MESSAGES.outOfRange, field: 'date' };
}

/** What the day view needs of a job. */
export interface DayJobFacts {
  id: number;
  customerName: string;
  status: AppointmentStatus;
  preferredTime: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  scheduledStartTime: Date | null;
  requestedAt: Date;
  technicianId: number | null;
  onLocationAt: Date | null;
  completedAt: Date | null;
  version: number;
}

export interface DayTechnician {
  id: number;
  name: string;
}

const MINUTE = 60_000;
const isAsap = (j: DayJobFacts) => j.preferredTime === 'ASAP' || !j.scheduledDate;

/** A scheduled job's start: booking's instant, or its date and hour on the business clock. */
function scheduledStart(job: DayJobFacts): Date {
  if (job.scheduledStartTime) return job.scheduledStartTime;
  const hour = Number((job.scheduledTime ?? '09').slice(0, 2));
  return businessInstant(job.scheduledDate!, hour);
}

/**
 * When a job happens on the day view: a completed job's own times (on location to completed,
 * `measured`); otherwise an install from its start, which is when the technician got there if
 * on location, the booked hour if scheduled, or the queue's estimated arrival for an ASAP request
 * (its request time when the queue has none). Given `now` (the day shown is today), a waiting
 * ASAP request is never drawn before it: overdue, it is still to be done from now, as its label
 * says, not back at the hour it was asked for.
 */
export function placeJob(
  job: DayJobFacts,
  arrivals: ReadonlyMap<number, Date>,
  now: Date | null = null,
  installMinutes: number = ESTIMATE.installMinutes,
): DayJob {
  const kind = isAsap(job) ? 'asap' : 'scheduled';
  const base = {
    id: job.id,
    customerName: job.customerName,
    status: job.status,
    kind,
    technicianId: job.technicianId,
    version: job.version,
  } as const;
  if (job.completedAt) {
    const start = job.onLocationAt ?? new Date(job.completedAt.getTime() - installMinutes * MINUTE);
    return {
      ...base,
      start: start.toISOString(),
      end: job.completedAt.toISOString(),
      measured: !!job.onLocationAt,
    };
  }
  const start =
    job.onLocationAt ??
    (kind === 'scheduled'
      ? scheduledStart(job)
      : notBefore(arrivals.get(job.id) ?? job.requestedAt, now));
  return {
    ...base,
    start: start.toISOString(),
    end: new Date(start.getTime() + installMinutes * MINUTE).toISOString(),
    measured: false,
  };
}

const notBefore = (at: Date, now: Date | null): Date => (now && at < now ? now : at);

const byStart = (a: DayJob, b: DayJob) => a.start.localeCompare(b.start) || a.id - b.id;

/**
 * Whether a job is drawn on `date`. A booked visit is on its day and a finished request on the day
 * it was done; a request still open is on the day it is placed: at night the queue may put it
 * at the next morning's shift, and then it belongs to tomorrow's view, not to tonight's edge.
 */
const drawnOn = (facts: DayJobFacts, job: DayJob, date: string) =>
  job.kind === 'scheduled' || !!facts.completedAt || businessDate(new Date(job.start)) === date;

/**
 * One row per technician on shift that day, each with their jobs in time order, and the open jobs
 * nobody has. A technician off shift who still has a job that day gets a row too, so no job of
 * the day disappears from the view.
 */
export function buildDayView(
  date: string,
  now: Date,
  technicians: readonly DayTechnician[],
  schedules: readonly ScheduleFacts[],
  jobs: readonly DayJobFacts[],
  arrivals: ReadonlyMap<number, Date>,
): DayView {
  const today = businessDate(now) === date;
  // Marked where a day off or a shorter shift left an assigned job (ADR 0102).
  const placed = jobs.flatMap((j) => {
    const job = placeJob(j, arrivals, today ? now : null);
    if (!drawnOn(j, job, date)) return [];
    return [isOutsideShift(j, schedules) ? { ...job, outsideShift: true } : job];
  });
  const rows = technicians.flatMap((t) => {
    const schedule = schedules.find((s) => s.technicianId === t.id);
    const shifts = schedule ? shiftsOn(schedule, date) : [];
    const own = placed.filter((j) => j.technicianId === t.id).sort(byStart);
    if (shifts.length === 0 && own.length === 0) return [];
    return [
      {
        technicianId: t.id,
        name: t.name,
        shifts,
        onShiftNow: !!schedule && isOnShift(schedule, now),
        jobs: own,
      },
    ];
  });
  const unassigned = placed
    .filter((j) => j.technicianId === null && isAssignable(j.status))
    .sort(byStart);
  return { date, rows, unassigned };
}
