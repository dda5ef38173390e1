import {
  ACTIVE_JOB_STATUSES,
  Actor,
  AppointmentStatus,
  CLOSED_STATUSES,
  ERROR_CODES,
  ErrorCode,
  EventType,
} from '@cincy/contracts';

/** A rule said no: the code decides the HTTP status. */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/** What dispatch knows of a job when a step is asked for. */
export interface JobState {
  status: AppointmentStatus;
  technicianId: number | null;
}

/**
 * The one table of steps a job takes on the board (spec section 4): who may ask is decided by
 * `checkStep`. Completion happens only through a service record (inventory's event); a decline
 * has its own route.
 */
export const STEPS = {
  accepted: { from: ['pending', 'assigned'], event: 'dispatch.appointment.accepted' },
  en_route: { from: ['accepted'], event: 'dispatch.appointment.departed' },
  on_location: { from: ['en_route'], event: 'dispatch.appointment.arrived' },
} as const satisfies Record<string, { from: readonly AppointmentStatus[]; event: EventType }>;
export type Step = keyof typeof STEPS;

export const OPEN_STATUSES: readonly AppointmentStatus[] = [
  'pending',
  'assigned',
  ...ACTIVE_JOB_STATUSES,
];

export const isStep = (status: AppointmentStatus): status is Step => status in STEPS;
export const isClosed = (status: AppointmentStatus) =>
  (CLOSED_STATUSES as readonly AppointmentStatus[]).includes(status);

const LABELS: Record<AppointmentStatus, string> = {
  pending: 'open',
  assigned: 'assigned',
  accepted: 'accepted',
  en_route: 'en route',
  on_location: 'on location',
  completed: 'completed',
  declined: 'declined',
};

const conflict = (message: string): Refusal => ({ code: ERROR_CODES.conflict, message });

/**
 * May `actor` move `job` to `to`? Returns why not, or null. `activeJobId` is another job the actor
 * already has in accepted, en_route or on_location (only asked for an accept).
 *
 * - Accept: the job is open and unassigned or assigned to the actor, and the actor has no active job.
 * - En route, on location: the next step only, by the job's technician; an admin may act for them.
 */
export function checkStep(
  job: JobState,
  to: AppointmentStatus,
  actor: Actor,
  activeJobId: number | null = null,
): Refusal | null {
  if (to === 'completed') {
    return conflict('A job is completed by saving its service record (Complete Job).');
  }
  if (to === 'declined') return conflict('Use Decline Call to decline a job.');
  if (!isStep(to)) return conflict(`A job cannot be moved back to ${LABELS[to]}.`);
  if (isClosed(job.status)) return conflict(`This job is already ${LABELS[job.status]}.`);

  if (to === 'accepted') {
    if (job.technicianId !== null && job.technicianId !== actor.id) {
      return conflict('This job has already been taken by another technician.');
    }
    if (!(STEPS.accepted.from as readonly AppointmentStatus[]).includes(job.status)) {
      return conflict(`This job is already ${LABELS[job.status]}.`);
    }
    if (activeJobId !== null) {
      return conflict('Finish your current job before accepting another one.');
    }
    return null;
  }

  if (job.technicianId === null) return conflict('Accept the job before moving it on.');
  if (job.technicianId !== actor.id && actor.role !== 'admin') {
    return { code: ERROR_CODES.forbidden, message: 'This job belongs to another technician.' };
  }
  if (job.status === to) return conflict(`This job is already ${LABELS[to]}.`);
  const from = STEPS[to].from as readonly AppointmentStatus[];
  if (!from.includes(job.status)) {
    return conflict(
      `A job that is ${LABELS[job.status]} cannot be marked ${LABELS[to]}; it must be ${from.map((s) => LABELS[s]).join(' or ')} first.`,
    );
  }
  return null;
}

/** May the job be declined? Any open job may; who may decline is checked per route. */
export function checkDecline(job: JobState): Refusal | null {
  return isClosed(job.status) ? conflict(`This job is already ${LABELS[job.status]}.`) : null;
}
