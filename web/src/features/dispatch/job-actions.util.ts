import {
  ACTIVE_JOB_STATUSES,
  CLOSED_STATUSES,
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

type Viewer = Pick<SignedInUser, 'id' | 'role' | 'privileged'>;

const isActive = (status: AppointmentStatus) =>
  (ACTIVE_JOB_STATUSES as readonly AppointmentStatus[]).includes(status);
const isClosed = (status: AppointmentStatus) =>
  (CLOSED_STATUSES as readonly AppointmentStatus[]).includes(status);
const isOpen = (status: AppointmentStatus) => status === 'pending' || status === 'assigned';

/** Does the user have a job in accepted, en_route or on_location? */
export function hasActiveJob(
  appointments: readonly DashboardAppointment[],
  userId: number,
): boolean {
  return appointments.some((a) => a.technicianId === userId && isActive(a.status));
}

/**
 * Spec section 5, "Accept Job button": shown only if the appointment is unassigned or assigned to
 * the current user, and the user has no active job. The job must still be open to be accepted.
 */
export function canAcceptJob(
  appointment: DashboardAppointment,
  userId: number,
  appointments: readonly DashboardAppointment[],
): boolean {
  return (
    isOpen(appointment.status) &&
    (appointment.technicianId === null || appointment.technicianId === userId) &&
    !hasActiveJob(appointments, userId)
  );
}

/** The next step of a job in progress, for its technician (an admin acts for them). */
const NEXT_STEP: Partial<Record<AppointmentStatus, JobAction>> = {
  accepted: 'en_route',
  en_route: 'on_location',
  on_location: 'complete',
};

/**
 * The buttons a card shows to `user`: Accept Job by the spec's rule; En Route, On Location and
 * Complete Job to the job's technician and to admins; Decline Call to privileged users on any job
 * that is not completed or declined.
 */
export function jobActionsFor(
  appointment: DashboardAppointment,
  user: Viewer,
  appointments: readonly DashboardAppointment[],
): JobAction[] {
  const actions: JobAction[] = [];
  if (canAcceptJob(appointment, user.id, appointments)) actions.push('accept');
  const next = NEXT_STEP[appointment.status];
  if (next && (appointment.technicianId === user.id || user.role === 'admin')) actions.push(next);
  if (user.privileged && !isClosed(appointment.status)) actions.push('decline');
  return actions;
}
