import {
  NEXT_MOVE,
  businessDate,
  checkMove,
  isActive,
  type AppointmentStatus,
  type DashboardAppointment,
  type Move,
} from '@cincy/contracts';
import { phoneSections, type BoardSectionKey } from '../../features/dispatch/phone-sections.util';
import type { FieldStepKind, FieldUser, OutboxStep } from '../outbox/types';

/** A job as the phone shows it: the server's last word with the steps still waiting applied. */
export interface FieldJob extends DashboardAppointment {
  /** Steps taken on the phone the server has not answered yet, oldest first. */
  waiting: OutboxStep[];
}

/** What each step makes of the job, until the server says otherwise. */
const AFTER_STEP: Record<FieldStepKind, AppointmentStatus> = {
  accepted: 'accepted',
  en_route: 'en_route',
  on_location: 'on_location',
  complete: 'completed',
  hand_back: 'pending',
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
  status: AFTER_STEP[step.kind],
  technicianId:
    step.kind === 'hand_back' ? null : step.kind === 'accepted' ? userId : job.technicianId,
  updatedAt: step.occurredAt,
});

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
    return [...taken, ...waiting].reduce<FieldJob>(
      (shown, step) => applyStep(shown, step, userId),
      {
        ...job,
        waiting,
      },
    );
  });
}

/** The phone's one screen: the job at hand, the rest of theirs, the open pool, today's done. */
export interface FieldSections {
  current: FieldJob | null;
  mine: FieldJob[];
  pool: FieldJob[];
  done: FieldJob[];
}

/** How many open jobs of the pool the screen lists: the oldest requests; the office has the rest. */
export const POOL_SHOWN = 20;

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
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { current, mine, pool: list('available').slice(0, POOL_SHOWN), done };
}

/** The button of each move, on the phone. */
export const MOVE_LABELS: Record<Exclude<Move, 'declined'>, string> = {
  accepted: 'Accept',
  en_route: 'On my way',
  on_location: 'Arrived',
  completed: 'Complete',
};

/**
 * The one next step the technician may take on this job now, or null: the board's own rules
 * (checkMove), with the job they already have under way for an accept.
 */
export function nextMove(
  job: FieldJob,
  userId: number,
  jobs: readonly FieldJob[],
  now: Date,
): Exclude<Move, 'declined'> | null {
  const move = NEXT_MOVE[job.status];
  if (!move || move === 'declined') return null;
  const active = jobs.find(
    (j) => j.id !== job.id && j.technicianId === userId && isActive(j.status),
  );
  const refusal = checkMove(
    job,
    move,
    { id: userId, role: 'technician' },
    {
      now,
      activeJobId: active?.id ?? null,
    },
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
