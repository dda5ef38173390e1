import {
  NEXT_MOVE,
  checkAssign,
  checkDeparture,
  checkHandBack,
  checkMove,
  checkUnassign,
  isActive,
  isChangeableByCustomer,
  isClosed,
  mayAct,
  type AppointmentStatus,
  type DashboardAppointment,
  type SignedInUser,
} from '@cincy/contracts';

/** The buttons a job card can show, in the order they are shown. */
export type JobAction = 'accept' | 'en_route' | 'on_location' | 'complete' | 'decline';

export const JOB_ACTION_LABELS: Record<JobAction, string> = {
  accept: 'Accept Job',
  en_route: 'En Route',
  on_location: 'On Location',
  complete: 'Complete Job',
  decline: 'Decline Call',
};

/** The status each step button asks for (Complete Job opens the dialog instead). */
export const STEP_STATUS = {
  accept: 'accepted',
  en_route: 'en_route',
  on_location: 'on_location',
} as const satisfies Partial<Record<JobAction, AppointmentStatus>>;
export type StepAction = keyof typeof STEP_STATUS;

const ACTION_OF_MOVE = {
  accepted: 'accept',
  en_route: 'en_route',
  on_location: 'on_location',
  completed: 'complete',
} as const;

type Viewer = Pick<SignedInUser, 'id' | 'role' | 'privileged'>;

/** Another job the user has in accepted, en_route or on_location, if any. */
function activeJobOf(
  appointments: readonly DashboardAppointment[],
  userId: number,
  exceptId: number,
): number | null {
  return (
    appointments.find((a) => a.technicianId === userId && isActive(a.status) && a.id !== exceptId)
      ?.id ?? null
  );
}

/** The user's job in accepted, en_route or on_location, if any. */
export function activeJobId(
  appointments: readonly DashboardAppointment[],
  userId: number,
): number | null {
  return activeJobOf(appointments, userId, -1);
}

/** Does the user have a job in accepted, en_route or on_location? */
export function hasActiveJob(
  appointments: readonly DashboardAppointment[],
  userId: number,
): boolean {
  return activeJobId(appointments, userId) !== null;
}

/**
 * The "Accept Job" button: shown only if the appointment is unassigned or assigned to the current
 * user, and the user has no active job (the lifecycle's own rule, `mayAct`).
 */
export function canAcceptJob(
  appointment: DashboardAppointment,
  userId: number,
  appointments: readonly DashboardAppointment[],
  now = new Date(),
): boolean {
  const viewer = { id: userId, role: 'technician' };
  const activeJobId = activeJobOf(appointments, userId, appointment.id);
  return mayAct(appointment, viewer, 'accepted', { now, activeJobId });
}

/**
 * The buttons a card shows to `user` at `now`: the job's next move when the lifecycle lets the
 * user make it (Accept Job by its rule; En Route, On Location and Complete Job for the job's
 * technician and admins), and Decline Call to privileged users on any job that is not completed
 * or declined.
 */
export function jobActionsFor(
  appointment: DashboardAppointment,
  user: Viewer,
  appointments: readonly DashboardAppointment[],
  now: Date,
): JobAction[] {
  const actions: JobAction[] = [];
  const next = NEXT_MOVE[appointment.status];
  if (next && next !== 'declined') {
    const activeJobId =
      next === 'accepted' ? activeJobOf(appointments, user.id, appointment.id) : null;
    if (mayAct(appointment, user, next, { now, activeJobId })) actions.push(ACTION_OF_MOVE[next]);
  }
  if (user.privileged && !isClosed(appointment.status)) actions.push('decline');
  return actions;
}

/**
 * Why `user` may not set out yet for a job they would otherwise set out for (En Route before the
 * visit's day), or null. The card shows the step held, with this reason, instead of hiding it.
 */
export function heldStepReason(
  appointment: DashboardAppointment,
  user: Viewer,
  now: Date,
): string | null {
  if (NEXT_MOVE[appointment.status] !== 'en_route') return null;
  const held = checkDeparture(appointment, now);
  if (!held) return null;
  // Only when the day is the one thing in the way: not someone else's job, say.
  return checkMove(appointment, 'en_route', user, { now })?.message === held.message
    ? held.message
    : null;
}

/** The assignment buttons a card can show, in the order they are shown. */
export type AssignmentAction = 'assign' | 'reassign' | 'unassign' | 'handBack';

export const ASSIGNMENT_ACTION_LABELS: Record<AssignmentAction, string> = {
  assign: 'Assign',
  reassign: 'Reassign',
  unassign: 'Unassign',
  handBack: 'Hand back',
};

/**
 * The assignment buttons `user` may use on a job, by the lifecycle's rules: an admin assigns an
 * open job (Reassign once it is assigned) and puts an assigned one back in the pool; the technician
 * who has it (assigned or accepted) hands it back until they are on the way.
 */
export function assignmentActionsFor(
  appointment: DashboardAppointment,
  user: Pick<SignedInUser, 'id' | 'role'>,
): AssignmentAction[] {
  const actions: AssignmentAction[] = [];
  if (user.role === 'admin') {
    const job = { ...appointment, technicianName: appointment.technician?.name ?? null };
    if (checkAssign(job) === null)
      actions.push(appointment.status === 'assigned' ? 'reassign' : 'assign');
    if (checkUnassign(appointment) === null) actions.push('unassign');
  }
  if (checkHandBack(appointment, user) === null) actions.push('handBack');
  return actions;
}

/**
 * Cancel Visit: privileged staff (admins, the supervisor), for the customer who called, while the
 * customer could cancel it themselves (until the technician sets out).
 */
export const mayCancelVisit = (
  appointment: Pick<DashboardAppointment, 'status'>,
  user: Pick<SignedInUser, 'privileged'>,
): boolean => !!user.privileged && isChangeableByCustomer(appointment.status);
