import { Button, Flex, Typography, type ButtonProps } from 'antd';
import { Suspense, lazy, useId, useState } from 'react';
import type { DashboardAppointment, SignedInUser } from '@cincy/contracts';
import { toast } from '../../components/toast';
import { HistoryButton } from '../audit/history-button';
import { jobHistoryName } from '../audit/history.util';
import { useChangeAppointmentStatus } from '../../hooks/use-change-appointment-status';
import { useUnassignAppointment } from '../../hooks/use-unassign-appointment';
import {
  DISPATCH_MESSAGES,
  UNASSIGNED_TOAST,
  failedToast,
  statusChangedToast,
  statusFailedToast,
} from './dispatch-toasts.util';
import {
  ASSIGNMENT_ACTION_LABELS,
  JOB_ACTION_LABELS,
  STEP_STATUS,
  assignmentActionsFor,
  heldStepReason,
  jobActionsFor,
  mayCancelVisit,
  type AssignmentAction,
  type JobAction,
  type StepAction,
} from './job-actions.util';

interface Props {
  appointment: DashboardAppointment;
  user: SignedInUser;
  /** The whole board: Accept Job depends on the user's other jobs. */
  board: readonly DashboardAppointment[];
  /** The board's clock (ms): En Route waits for the visit's day. */
  now: number;
  onComplete: (appointment: DashboardAppointment) => void;
  onDecline: (appointment: DashboardAppointment) => void;
  /** Opens the assign dialog (admins: Assign, Reassign). */
  onAssign?: (appointment: DashboardAppointment) => void;
  /** Opens the hand-back dialog (the assigned technician). */
  onHandBack?: (appointment: DashboardAppointment) => void;
  /** Opens the cancel dialog (admins and the supervisor, for the customer). */
  onCancelVisit?: (appointment: DashboardAppointment) => void;
  /** The technician's current job on a phone: the next step as one big full-width button. */
  block?: boolean;
  /** The user accepted this job (the answer is on the board): the board shows its next step. */
  onAccepted?: (appointment: DashboardAppointment) => void;
}

const BUTTON_LOOK: Record<JobAction, ButtonProps> = {
  accept: { type: 'primary' },
  en_route: { type: 'primary' },
  on_location: { type: 'primary' },
  complete: { type: 'primary' },
  decline: { danger: true },
};

const ASSIGNMENT_LOOK: Record<AssignmentAction, ButtonProps> = {
  assign: { type: 'primary', ghost: true },
  reassign: {},
  unassign: {},
  handBack: {},
};

const isStep = (action: JobAction): action is StepAction => action in STEP_STATUS;

// The messages drawer is a chunk of its own, fetched when an admin first opens one.
const JobMessagesDrawer = lazy(() =>
  import('../messages/job-messages-drawer').then((m) => ({ default: m.JobMessagesDrawer })),
);

/** Who sees a job's messages to its customer (the server answers 403 to anyone else). */
export const seesMessages = (user: Pick<SignedInUser, 'role'>) => user.role === 'admin';

/** The buttons of one job card; each card has its own call, and its buttons wait for it. */
export function JobActions({
  appointment: a,
  user,
  board,
  onComplete,
  onDecline,
  onAssign,
  onHandBack,
  onCancelVisit,
  block = false,
  now,
  onAccepted,
}: Props) {
  const change = useChangeAppointmentStatus();
  const unassign = useUnassignAppointment();
  const heldId = useId();
  // `drawn`: opened once, so the drawer stays mounted and closes with its animation.
  const [messages, setMessages] = useState({ open: false, drawn: false });
  const actions = jobActionsFor(a, user, board, new Date(now));
  const held = heldStepReason(a, user, new Date(now));
  const assignment = assignmentActionsFor(a, user).filter(
    (action) =>
      action === 'unassign' ||
      (action === 'handBack' ? onHandBack !== undefined : onAssign !== undefined),
  );
  const withMessages = seesMessages(user);
  const cancellable = onCancelVisit !== undefined && mayCancelVisit(a, user);
  if (actions.length === 0 && assignment.length === 0 && !withMessages && !held) return null;
  const busy = change.isPending || unassign.isPending;

  const step = (action: StepAction) => {
    // The status body names a technician; the server acts for the signed-in user regardless.
    const technician =
      action === 'accept'
        ? { technicianId: user.id, technicianUsername: user.username }
        : { technicianId: a.technicianId, technicianUsername: a.technicianUsername };
    // The promise, not mutate()'s callbacks: the board's push can move the card (unmounting
    // these buttons) before the answer arrives, and those callbacks never run after an unmount.
    change.mutateAsync({ id: a.id, change: { status: STEP_STATUS[action], ...technician } }).then(
      () => {
        toast(statusChangedToast(action));
        if (action === 'accept') onAccepted?.(a);
      },
      (error: unknown) => {
        console.warn('Status update failed', error);
        toast(statusFailedToast(error));
      },
    );
  };

  const onAssignment = (action: AssignmentAction) => {
    if (action === 'handBack') onHandBack?.(a);
    else if (action !== 'unassign') onAssign?.(a);
    else
      unassign.mutateAsync(a.id).then(
        () => toast(UNASSIGNED_TOAST),
        (error: unknown) => {
          console.warn('Unassign failed', error);
          toast(failedToast(DISPATCH_MESSAGES.unassignFailed, error));
        },
      );
  };

  const onClick = (action: JobAction) => {
    if (isStep(action)) step(action);
    else if (action === 'complete') onComplete(a);
    else onDecline(a);
  };

  return (
    <Flex
      wrap
      gap={8}
      vertical={block}
      role="group"
      aria-label={`Actions for ${a.customer.name}`}
      aria-busy={busy || undefined}
    >
      {actions.map((action) => (
        <Button
          key={action}
          {...BUTTON_LOOK[action]}
          size="large"
          block={block}
          style={block ? undefined : { flex: '1 1 140px' }}
          disabled={busy}
          onClick={() => onClick(action)}
        >
          {JOB_ACTION_LABELS[action]}
        </Button>
      ))}
      {held && (
        // The next step is shown, not hidden: the technician sees when they may take it.
        <Flex vertical gap={4} style={block ? undefined : { flex: '1 1 100%' }}>
          <Button type="primary" size="large" block disabled aria-describedby={heldId}>
            {JOB_ACTION_LABELS.en_route}
          </Button>
          <Typography.Text type="secondary" id={heldId} data-testid="held-step">
            {held}
          </Typography.Text>
        </Flex>
      )}
      {assignment.map((action) => (
        <Button
          key={action}
          {...ASSIGNMENT_LOOK[action]}
          size="large"
          block={block}
          style={block ? undefined : { flex: '1 1 140px' }}
          disabled={busy}
          loading={action === 'unassign' && unassign.isPending}
          onClick={() => onAssignment(action)}
        >
          {action === 'unassign' && unassign.isPending
            ? 'Unassigning...'
            : ASSIGNMENT_ACTION_LABELS[action]}
        </Button>
      ))}
      {cancellable && (
        <Button
          danger
          size="large"
          block={block}
          style={block ? undefined : { flex: '1 1 140px' }}
          disabled={busy}
          onClick={() => onCancelVisit(a)}
        >
          Cancel Visit
        </Button>
      )}
      {withMessages && (
        <Button
          size="large"
          block={block}
          style={block ? undefined : { flex: '1 1 140px' }}
          aria-haspopup="dialog"
          aria-expanded={messages.open}
          onClick={() => setMessages({ open: true, drawn: true })}
        >
          Messages
        </Button>
      )}
      <HistoryButton
        user={user}
        entity="appointment"
        id={a.id}
        name={jobHistoryName(a.id, a.customer.name)}
        size="large"
        block={block}
        style={block ? undefined : { flex: '1 1 140px' }}
      />
      {messages.drawn && (
        <Suspense fallback={null}>
          <JobMessagesDrawer
            appointmentId={a.id}
            customerName={a.customer.name}
            open={messages.open}
            onClose={() => setMessages({ open: false, drawn: true })}
          />
        </Suspense>
      )}
    </Flex>
  );
}
