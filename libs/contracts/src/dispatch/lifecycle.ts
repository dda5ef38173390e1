import {
  ACTIVE_JOB_STATUSES,
  AppointmentStatus,
  CALLED_OFF_STATUSES,
  CLOSED_STATUSES,
} from '../enums';
import { ERROR_CODES, ErrorCode } from '../error-codes';
import type { EventType } from '../events';
import { businessDate } from '../time';
import { BookedHour, bookedHourLabel, isAsap } from './booked-hour';
import { momentLabel } from './step-time';

/**
 * The job lifecycle, decided once: dispatch enforces it, the board shows the buttons it allows.
 * open (pending, assigned) -> accepted -> en_route -> on_location -> completed; declined from any
 * open state. Completed is reached only by saving the service record, declined only by its route.
 */

/** A rule said no: the code decides the HTTP status; a field's message goes beside the field. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
}

/** What the lifecycle needs to know of a job: its state, who has it, the hour it is booked for. */
export interface JobState extends BookedHour {
  status: AppointmentStatus;
  technicianId: number | null;
  /** Who has it and since when, so a refusal names them ("Dana has this job since 2:14 PM."). */
  technicianName?: string | null;
  /** Dispatch's row has a Date; the board's view (the web app) a string. */
  updatedAt?: Date | string;
}

/** When a move is asked for, and (for an accept) the actor's job already under way, if any. */
export interface MoveContext {
  now: Date;
  /** Another job the actor has in accepted, en_route or on_location. */
  activeJobId?: number | null;
}

/** Who asks: their id and role. */
export interface JobActor {
  id: number;
  role: string;
}

/** The steps a technician takes with the board's buttons, and the event each one announces. */
export const STEPS = {
  accepted: { from: ['pending', 'assigned'], event: 'dispatch.appointment.accepted' },
  en_route: { from: ['accepted'], event: 'dispatch.appointment.departed' },
  on_location: { from: ['en_route'], event: 'dispatch.appointment.arrived' },
} as const satisfies Record<string, { from: readonly AppointmentStatus[]; event: EventType }>;
export type Step = keyof typeof STEPS;

/** Every move a job can make: the steps, the completion (service record) and a decline. */
export type Move = Step | 'completed' | 'declined';

export const OPEN_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'assigned',
  ...ACTIVE_JOB_STATUSES,
];

export const isStep = (status: AppointmentStatus): status is Step => status in STEPS;
export const isClosed = (status: AppointmentStatus) =>
  (CLOSED_STATUSES as readonly AppointmentStatus[]).includes(status);
export const isActive = (status: AppointmentStatus) =>
  (ACTIVE_JOB_STATUSES as readonly AppointmentStatus[]).includes(status);
/** Nobody has started it (pending or assigned): a dispatcher may still give it to someone. */
export const isAssignable = (status: AppointmentStatus) => !isClosed(status) && !isActive(status);
/** Declined or cancelled: closed without the service, its hour given back. */
export const isCalledOff = (
  status: AppointmentStatus,
): status is (typeof CALLED_OFF_STATUSES)[number] =>
  (CALLED_OFF_STATUSES as readonly AppointmentStatus[]).includes(status);
/** The technician has reached the customer: on location, or done since. */
export const hasArrived = (status: AppointmentStatus) =>
  status === 'on_location' || status === 'completed';
/** Open and the van has not left for it yet: pending, assigned or accepted. */
export const isBeforeDeparture = (status: AppointmentStatus) =>
  isAssignable(status) || status === 'accepted';

const LABELS: Record<AppointmentStatus, string> = {
  pending: 'open',
  assigned: 'assigned',
  accepted: 'accepted',
  en_route: 'en route',
  on_location: 'on location',
  completed: 'completed',
  declined: 'declined',
  cancelled: 'cancelled',
};

export const LIFECYCLE_MESSAGES = {
  completeThroughRecord: 'A job is completed by saving its service record (Complete Job).',
  declineThroughRoute: 'Use Decline Call to decline a job.',
  takenByAnother: 'This job has already been taken by another technician.',
  finishCurrentJob: 'Finish your current job before accepting another one.',
  acceptFirst: 'Accept the job before moving it on.',
  notYours: 'This job belongs to another technician.',
  notOnLocation: 'Mark the job On Location before completing it.',
  notYoursToComplete: "Only the job's technician can complete it.",
  alreadyCompleted: 'This job has already been completed.',
  cancelByCustomer:
    "Only the customer cancels a visit, from their booking's page; decline it instead.",
} as const;

const conflict = (message: string): Refusal => ({ code: ERROR_CODES.conflict, message });
const alreadyClosed = (status: AppointmentStatus) =>
  conflict(`This job is already ${LABELS[status]}.`);

/**
 * May `actor` make `move` on `job` at `context.now`? Returns why not, or null. `activeJobId` is
 * another job the actor already has in accepted, en_route or on_location (asked for an accept only).
 *
 * - Accept: the job is open and unassigned or assigned to the actor, and the actor has no active
 *   job. A visit of another day may be accepted ahead.
 * - En route, on location: the next step only, by the job's technician; an admin acts for them.
 *   Nobody sets out before the visit's day (checkDeparture).
 * - Completed: a job on location, by its technician or an admin acting for them, once.
 * - Declined: any open job (who may decline is a per-route rule: admins and the supervisor).
 */
export function checkMove(
  job: JobState,
  move: Move,
  actor: JobActor,
  { now, activeJobId = null }: MoveContext,
): Refusal | null {
  if (move === 'declined') return isClosed(job.status) ? alreadyClosed(job.status) : null;
  if (move === 'completed') return checkCompletion(job, actor);
  if (isClosed(job.status)) return alreadyClosed(job.status);

  if (move === 'accepted') {
    if (job.technicianId !== null && job.technicianId !== actor.id) {
      return conflict(othersJob(job) ?? LIFECYCLE_MESSAGES.takenByAnother);
    }
    if (!(STEPS.accepted.from as readonly AppointmentStatus[]).includes(job.status)) {
      return alreadyClosed(job.status);
    }
    if (activeJobId !== null) return conflict(LIFECYCLE_MESSAGES.finishCurrentJob);
    return null;
  }

  if (job.technicianId === null) return conflict(LIFECYCLE_MESSAGES.acceptFirst);
  if (job.technicianId !== actor.id && actor.role !== 'admin') {
    return { code: ERROR_CODES.forbidden, message: othersJob(job) ?? LIFECYCLE_MESSAGES.notYours };
  }
  if (job.status === move) return conflict(`This job is already ${LABELS[move]}.`);
  const from = STEPS[move].from as readonly AppointmentStatus[];
  if (!from.includes(job.status)) {
    return conflict(
      `A job that is ${LABELS[job.status]} cannot be marked ${LABELS[move]}; it must be ${from.map((s) => LABELS[s]).join(' or ')} first.`,
    );
  }
  return move === 'en_route' ? checkDeparture(job, now) : null;
}

/**
 * Whose job it is now and since when, for a technician whose step no longer applies (a step
 * queued offline while the office gave the job to someone else): "This job is Dana Reyes's now
 * (since 2:14 PM)." Undefined when the job does not say.
 */
function othersJob({ technicianName, updatedAt }: JobState): string | undefined {
  if (!technicianName || !updatedAt) return undefined;
  const since = momentLabel(new Date(updatedAt), new Date());
  return `This job is ${technicianName}'s now (since ${since}).`;
}

/**
 * May the technician set out (en route) for this visit at `now`? Not before its day on the
 * business's calendar (Cincinnati): a visit moved to today may start today, an ASAP request any
 * time. The answer says when the visit is, so the technician knows when to go.
 */
export function checkDeparture(job: BookedHour, now: Date): Refusal | null {
  if (isAsap(job) || job.scheduledDate! <= businessDate(now)) return null;
  return conflict(
    `This visit is on ${bookedHourLabel(job.scheduledDate!, job.scheduledTime)}. Set out on that day.`,
  );
}

function checkCompletion(job: JobState, actor: JobActor): Refusal | null {
  if (job.status === 'completed') return conflict(LIFECYCLE_MESSAGES.alreadyCompleted);
  if (isClosed(job.status)) return alreadyClosed(job.status);
  const someoneElses = job.technicianId !== null && job.technicianId !== actor.id;
  if (someoneElses && actor.role !== 'admin') {
    const message = othersJob(job) ?? LIFECYCLE_MESSAGES.notYoursToComplete;
    return { code: ERROR_CODES.forbidden, message };
  }
  if (job.status !== 'on_location') return conflict(LIFECYCLE_MESSAGES.notOnLocation);
  return null;
}

/**
 * What a status change asks for, as a move: the board's PATCH .../status may name any status, but
 * only the steps move a job there (completed and declined have their own routes).
 */
export function checkStatusChange(
  job: JobState,
  to: AppointmentStatus,
  actor: JobActor,
  context: MoveContext,
): Refusal | null {
  if (to === 'completed') return conflict(LIFECYCLE_MESSAGES.completeThroughRecord);
  if (to === 'declined') return conflict(LIFECYCLE_MESSAGES.declineThroughRoute);
  if (to === 'cancelled') return conflict(LIFECYCLE_MESSAGES.cancelByCustomer);
  if (!isStep(to)) return conflict(`A job cannot be moved back to ${LABELS[to]}.`);
  return checkMove(job, to, actor, context);
}

export const ASSIGNMENT_RULE_MESSAGES = {
  notAssigned: 'This job is not assigned to anyone.',
  notYoursToHandBack: 'Only the technician it is assigned to can hand this job back.',
  notOpenToHandBack: 'A job can be handed back only until you are on the way.',
} as const;

/** The job as the assignment rules see it: who has it by name, and its version. */
export interface AssignableJob extends Pick<JobState, 'status' | 'technicianId'> {
  technicianName: string | null;
  version: number;
}

/**
 * May a dispatcher give `job` to a technician (or to another one)? Only while nobody has started
 * it: pending or assigned. `expectedVersion` is the version the dispatcher saw; if the job moved
 * since, someone else got there first and the answer names who has it now.
 */
export function checkAssign(job: AssignableJob, expectedVersion?: number): Refusal | null {
  if (isClosed(job.status)) return alreadyClosed(job.status);
  if (isActive(job.status)) {
    return conflict(
      job.technicianName
        ? `This job has already been taken by ${job.technicianName}.`
        : LIFECYCLE_MESSAGES.takenByAnother,
    );
  }
  if (expectedVersion !== undefined && expectedVersion !== job.version) {
    return conflict(
      job.technicianName
        ? `This job was just assigned to ${job.technicianName} by someone else. Check the board before reassigning it.`
        : 'This job changed while you were choosing. Check the board before assigning it.',
    );
  }
  return null;
}

/** Back to the pool: only an assigned job that nobody has accepted. */
export function checkUnassign(job: Pick<JobState, 'status'>): Refusal | null {
  if (isClosed(job.status)) return alreadyClosed(job.status);
  if (isActive(job.status)) return conflict(LIFECYCLE_MESSAGES.takenByAnother);
  if (job.status !== 'assigned') return conflict(ASSIGNMENT_RULE_MESSAGES.notAssigned);
  return null;
}

/**
 * A technician gives back a job that is theirs (assigned to them, or accepted) until they set out
 * for it: once on the way, the customer is expecting them.
 */
export function checkHandBack(
  job: Pick<JobState, 'status' | 'technicianId'>,
  actor: JobActor,
): Refusal | null {
  if (job.technicianId !== actor.id) {
    return { code: ERROR_CODES.forbidden, message: ASSIGNMENT_RULE_MESSAGES.notYoursToHandBack };
  }
  if (job.status !== 'assigned' && job.status !== 'accepted')
    return conflict(ASSIGNMENT_RULE_MESSAGES.notOpenToHandBack);
  return null;
}

/** The move that follows each status on the board (Complete Job opens the completion dialog). */
export const NEXT_MOVE: Partial<Record<AppointmentStatus, Move>> = {
  pending: 'accepted',
  assigned: 'accepted',
  accepted: 'en_route',
  en_route: 'on_location',
  on_location: 'completed',
};

/**
 * May `actor` take the job's next move at `context.now`? The board shows a button exactly when this
 * says yes. The context as for checkMove.
 */
export function mayAct(job: JobState, actor: JobActor, move: Move, context: MoveContext): boolean {
  return checkMove(job, move, actor, context) === null;
}
