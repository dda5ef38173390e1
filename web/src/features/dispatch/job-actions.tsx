import type { DashboardAppointment, SignedInUser } from '@cincy/contracts';
import { toast } from '../../components/toast';
import { useChangeAppointmentStatus } from '../../hooks/use-change-appointment-status';
import { statusChangedToast, statusFailedToast } from './dispatch-toasts.util';
import {
  JOB_ACTION_LABELS,
  STEP_STATUS,
  jobActionsFor,
  type JobAction,
  type StepAction,
} from './job-actions.util';

interface Props {
  appointment: DashboardAppointment;
  user: SignedInUser;
  /** The whole board: Accept Job depends on the user's other jobs. */
  board: readonly DashboardAppointment[];
  onComplete: (appointment: DashboardAppointment) => void;
  onDecline: (appointment: DashboardAppointment) => void;
}

const BUTTON_CLASS: Record<JobAction, string> = {
  accept: 'btn btn-primary',
  en_route: 'btn btn-primary',
  on_location: 'btn btn-primary',
  complete: 'btn btn-success',
  decline: 'btn btn-danger-outline',
};

const isStep = (action: JobAction): action is StepAction => action in STEP_STATUS;

/** The buttons of one job card; each card has its own call, and its buttons wait for it. */
export function JobActions({ appointment: a, user, board, onComplete, onDecline }: Props) {
  const change = useChangeAppointmentStatus();
  const actions = jobActionsFor(a, user, board);
  if (actions.length === 0) return null;

  const step = (action: StepAction) => {
    // The status body names a technician; the server acts for the signed-in user regardless.
    const technician =
      action === 'accept'
        ? { technicianId: user.id, technicianUsername: user.username }
        : { technicianId: a.technicianId, technicianUsername: a.technicianUsername };
    // The promise, not mutate()'s callbacks: the board's push can move the card (unmounting
    // these buttons) before the answer arrives, and those callbacks never run after an unmount.
    change.mutateAsync({ id: a.id, change: { status: STEP_STATUS[action], ...technician } }).then(
      () => toast(statusChangedToast(action)),
      (error: unknown) => {
        console.warn('Status update failed', error);
        toast(statusFailedToast(error));
      },
    );
  };

  const onClick = (action: JobAction) => {
    if (isStep(action)) step(action);
    else if (action === 'complete') onComplete(a);
    else onDecline(a);
  };

  return (
    <div
      className="job-actions"
      role="group"
      aria-label={`Actions for ${a.customer.name}`}
      aria-busy={change.isPending || undefined}
    >
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={BUTTON_CLASS[action]}
          disabled={change.isPending}
          onClick={() => onClick(action)}
        >
          {JOB_ACTION_LABELS[action]}
        </button>
      ))}
    </div>
  );
}
