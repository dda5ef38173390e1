import {
  FIELD_POOL,
  NEXT_MOVE,
  businessDate,
  checkMove,
  isActive,
  type AppointmentStatus,
  type DashboardAppointment,
  type FieldJobs,
  type Move,
} from '@cincy/contracts';
import { keepNewerAppointments, upsertAppointment } from '../../lib/appointment-versions';
import { phoneSections, type BoardSectionKey } from '../../features/dispatch/phone-sections.util';
import type { FieldStepKind, FieldUser, OutboxStep } from '../outbox/types';
import { keepSameObjects } from '../../lib/same-objects';
import { compareCodeUnits } from '../../lib/sort';

/** A job as the phone shows it: the server's last word with the steps still waiting applied. */
export interface FieldJob extends DashboardAppointment {
  /** Steps taken on the phone the server has not answered yet, oldest first. */
  waiting: OutboxStep[];
}

/** What each step makes of the job, until the server says otherwise (a test: no change). */
const AFTER_STEP: Record<FieldStepKind, AppointmentStatus | null> = {
  accepted: 'accepted',
  en_route: 'en_route',
  on_location: 'on_location',
  battery_test: null,
  photo: null,
  complete: 'completed',
  hand_back: 'pending',
  payment: null,
};

/**
 * A step the server has taken, while the jobs on screen are still the copy it was taken against
 * (`version`): it stays applied until the server's copy moves past it, so the screen never goes
 * back a step between the answer and the push (where a second tap would send the step again).
 */
export interface SentStep {
  step: OutboxStep;
  version: number;
}

/** Steps that left the outbox as sent (a refused one leaves when dismissed), with the job's version. */
export function leftAsSent(
  before: readonly OutboxStep[],
  after: readonly OutboxStep[],
  jobs: readonly DashboardAppointment[],
): SentStep[] {
  const still = new Set(after.map((s) => s.seq));
  return before.flatMap((step) => {
    const job = jobs.find((j) => j.id === step.jobId);
    return step.state === 'waiting' && !still.has(step.seq) && job
      ? [{ step, version: job.version }]
      : [];
  });
}

/** The sent steps the jobs' copies do not show yet. */
export const stillAhead = (sent: readonly SentStep[], jobs: readonly DashboardAppointment[]) =>
  sent.filter((s) => jobs.find((j) => j.id === s.step.jobId)?.version === s.version);

const applyStep = (job: FieldJob, step: OutboxStep, userId: number): FieldJob => ({
  ...job,
  status: AFTER_STEP[step.kind] ?? job.status,
  technicianId:
    step.kind === 'hand_back' ? null : step.kind === 'accepted' ? userId : job.technicianId,
  updatedAt: step.occurredAt,
});

const NOTHING_WAITING: OutboxStep[] = [];
/** A job no step of the phone's changes, one object per server copy: its card is not drawn again. */
const untouched = new WeakMap<DashboardAppointment, FieldJob>();
const asIs = (job: DashboardAppointment): FieldJob => {
  let shown = untouched.get(job);
  if (!shown) untouched.set(job, (shown = { ...job, waiting: NOTHING_WAITING }));
  return shown;
};

/**
 * The jobs with the steps the server took but they do not show yet (`sent`), then the phone's
 * waiting steps, applied in order (refused ones change nothing).
 */
export function withWaitingSteps(
  jobs: readonly DashboardAppointment[],
  steps: readonly OutboxStep[],
  userId: number,
  sent: readonly SentStep[] = [],
): FieldJob[] {
  return jobs.map((job) => {
    const waiting = steps.filter((s) => s.jobId === job.id && s.state === 'waiting');
    const taken = stillAhead(sent, [job]).map((s) => s.step);
    if (!waiting.length && !taken.length) return asIs(job);
    return [...taken, ...waiting].reduce<FieldJob>(
      (shown, step) => applyStep(shown, step, userId),
      { ...job, waiting },
    );
  });
}

/**
 * The phone's copy of its jobs (GET /api/dispatch/field-jobs, then pushes): its own and the oldest
 * of today's open pool, bounded by what the screen lists, whatever the size of the board.
 */
export interface FieldCopy {
  jobs: DashboardAppointment[];
  /**
   * When the server holds more of the pool than it sent: the request time of the last one sent;
   * a pushed pool job requested later is not the phone's to keep. Null: the phone has it all.
   */
  poolCut: string | null;
  /** When the server last gave the copy (an answer, a push it took); null before it ever did. */
  answeredAt: Date | null;
}

export const EMPTY_COPY: FieldCopy = { jobs: [], poolCut: null, answeredAt: null };

/** In today's open pool: pending, undated or booked for today (the board's Available Jobs). */
const inPool = (job: DashboardAppointment, today: string) =>
  job.status === 'pending' && (!job.scheduledDate || job.scheduledDate === today);

const byRequested = (a: DashboardAppointment, b: DashboardAppointment) =>
  compareCodeUnits(a.requestedAt, b.requestedAt);

/**
 * The copy the server's answer makes; a job on screen newer than the answer's stays, and one the
 * answer did not change stays the same object (its card is not drawn again).
 */
export function copyFromAnswer(
  shown: DashboardAppointment[],
  answer: FieldJobs,
  today: string,
  answeredAt = new Date(),
): FieldCopy {
  const pool = answer.jobs.filter((j) => inPool(j, today)).sort(byRequested);
  const cut = answer.poolTotal > FIELD_POOL.sent ? pool[FIELD_POOL.sent - 1] : undefined;
  return {
    jobs: keepSameObjects(shown, keepNewerAppointments(shown, answer.jobs)),
    poolCut: cut?.requestedAt ?? null,
    answeredAt,
  };
}

/**
 * A pushed job on the copy: taken when it is the user's or a pool job within the cut, dropped
 * when it no longer is either (taken by another, cancelled), ignored when older than the copy's.
 */
export function afterPush(
  copy: FieldCopy,
  job: DashboardAppointment,
  userId: number,
  today: string,
  answeredAt = new Date(),
): FieldCopy {
  const known = copy.jobs.find((j) => j.id === job.id);
  if (known && known.version >= job.version) return copy;
  const kept =
    job.technicianId === userId ||
    (inPool(job, today) && (copy.poolCut === null || job.requestedAt <= copy.poolCut));
  if (kept) return { ...copy, jobs: upsertAppointment(copy.jobs, job) ?? copy.jobs, answeredAt };
  return known ? { ...copy, jobs: copy.jobs.filter((j) => j.id !== job.id), answeredAt } : copy;
}

/** The pool on the copy fell below what the screen lists while the server holds more. */
export const needsMorePool = (copy: FieldCopy, today: string) =>
  copy.poolCut !== null && copy.jobs.filter((j) => inPool(j, today)).length < FIELD_POOL.shown;

/** The phone's one screen: the job at hand, the rest of theirs, the open pool, today's done. */
export interface FieldSections {
  current: FieldJob | null;
  mine: FieldJob[];
  pool: FieldJob[];
  done: FieldJob[];
}

/**
 * The board's lists for a technician's phone (phoneSections): the job under way, else the first
 * offered to them, is the job at hand; then the rest offered; the open pool; today's completed.
 */
export function fieldSections(
  jobs: readonly FieldJob[],
  user: FieldUser,
  now: Date,
): FieldSections {
  const today = businessDate(now);
  const lists = new Map(phoneSections(jobs, user, today).map((s) => [s.key, s.appointments]));
  const list = (key: BoardSectionKey) => (lists.get(key) ?? []) as FieldJob[];
  const [current = null, ...mine] = [...list('current'), ...list('offered')];
  const done = jobs
    .filter(
      (j) =>
        j.technicianId === user.id &&
        j.status === 'completed' &&
        businessDate(new Date(j.updatedAt)) === today,
    )
    .sort((a, b) => compareCodeUnits(b.updatedAt, a.updatedAt));
  return { current, mine, pool: list('available').slice(0, FIELD_POOL.shown), done };
}

/** The button of each move, on the phone. */
export const MOVE_LABELS: Record<Exclude<Move, 'declined'>, string> = {
  accepted: 'Accept',
  en_route: 'On my way',
  on_location: 'Arrived',
  completed: 'Complete',
};

/** The job the user has under way (accepted, on the way or on site), if any. */
export const jobUnderWay = (jobs: readonly FieldJob[], userId: number): FieldJob | null =>
  jobs.find((j) => j.technicianId === userId && isActive(j.status)) ?? null;

/**
 * The one next step the technician may take on this job now, or null: the board's own rules
 * (checkMove), with the job they have under way (`underWayId`) for an accept.
 */
export function nextMove(
  job: FieldJob,
  userId: number,
  underWayId: number | null,
  now: Date,
): Exclude<Move, 'declined'> | null {
  const move = NEXT_MOVE[job.status];
  if (!move || move === 'declined') return null;
  const refusal = checkMove(
    job,
    move,
    { id: userId, role: 'technician' },
    { now, activeJobId: underWayId === job.id ? null : underWayId },
  );
  return refusal ? null : move;
}

/** The outbox step a move is. */
export const STEP_OF_MOVE: Record<Exclude<Move, 'declined'>, FieldStepKind> = {
  accepted: 'accepted',
  en_route: 'en_route',
  on_location: 'on_location',
  completed: 'complete',
};
