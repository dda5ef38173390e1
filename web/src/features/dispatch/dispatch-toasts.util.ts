import { warrantyEndedMessage } from '@cincy/contracts';
import type { DeclineAnswer } from '../../api/appointments';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';
import type { StepAction } from './job-actions.util';

/** Every toast of the board and the completion dialog, word for word as staff see them. */
export const DISPATCH_MESSAGES = {
  statusUpdatedTitle: 'Status Updated',
  statusUpdated: 'Appointment status has been updated successfully.',
  accepted: 'Appointment accepted, Keep member informed',
  errorTitle: 'Error',
  statusFailed: 'Failed to update appointment status.',
  declinedTitle: 'Call Declined',
  declined: 'The appointment has been declined successfully.',
  declineFailed: 'Failed to delete the appointment.',
  serialVerifiedTitle: 'Serial Number Verified',
  serialVerified:
    'Previous battery serial number confirmed. You can now enter the new battery serial number.',
  serialNotFoundTitle: 'Serial Number Not Found',
  serialNotFound:
    "The serial number was not found in this customer's service history. Please check and try again.",
  verifyFailedTitle: 'Verification Failed',
  verifyFailed: 'Unable to verify serial number. Please try again.',
  jobCompletedTitle: 'Job Completed',
  jobCompleted: 'The service record has been saved successfully.',
  completeFailed: 'Failed to complete the job. Please try again.',
  assignedTitle: 'Job Assigned',
  assignFailed: 'Could not assign the job.',
  unassignedTitle: 'Job Unassigned',
  unassigned: 'The job is back in Available Jobs.',
  unassignFailed: 'Could not unassign the job.',
  handedBackTitle: 'Job Handed Back',
  handedBack: 'The job is back with dispatch.',
  handBackFailed: 'Could not hand the job back.',
  cancelledTitle: 'Visit Cancelled',
  cancelled: 'The visit is cancelled; the customer is told by text and email.',
  cancelFailed: 'Could not cancel the visit.',
  offShiftTitle: 'Off Shift',
  offShift: 'You are off shift for the rest of today. You will not be offered new jobs.',
  offShiftFailed: 'Could not end your shift.',
  settingsFailed: 'Could not change the dispatch mode.',
} as const;

export { serverMessageOf };

/** Our sentence, then the server's reason when it gave one. */
const withReason = (text: string, error: unknown) => {
  const reason = serverMessageOf(error);
  return reason ? `${text} ${reason}` : text;
};

export function statusChangedToast(action: StepAction): ToastInput {
  return {
    title: DISPATCH_MESSAGES.statusUpdatedTitle,
    description: action === 'accept' ? DISPATCH_MESSAGES.accepted : DISPATCH_MESSAGES.statusUpdated,
  };
}

export function statusFailedToast(error: unknown): ToastInput {
  return {
    title: DISPATCH_MESSAGES.errorTitle,
    description: withReason(DISPATCH_MESSAGES.statusFailed, error),
    variant: 'destructive',
  };
}

export function declinedToast(answer: Pick<DeclineAnswer, 'message'> | undefined): ToastInput {
  return {
    title: DISPATCH_MESSAGES.declinedTitle,
    description: answer?.message?.trim() || DISPATCH_MESSAGES.declined,
  };
}

/** The server's message, else the error's, else our default. */
export function declineFailedToast(error: unknown): ToastInput {
  const own = error instanceof Error && error.message ? error.message : undefined;
  return {
    title: DISPATCH_MESSAGES.errorTitle,
    description: serverMessageOf(error) ?? own ?? DISPATCH_MESSAGES.declineFailed,
    variant: 'destructive',
  };
}

export const SERIAL_VERIFIED_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.serialVerifiedTitle,
  description: DISPATCH_MESSAGES.serialVerified,
};
export const SERIAL_NOT_FOUND_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.serialNotFoundTitle,
  description: DISPATCH_MESSAGES.serialNotFound,
  variant: 'destructive',
};
/** A battery of the customer's whose warranty is over (issue 37): no warranty replacement. */
export const warrantyEndedToast = (endedOn: string): ToastInput => ({
  title: 'Warranty Ended',
  description: warrantyEndedMessage(endedOn),
  variant: 'destructive',
});
export const VERIFY_FAILED_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.verifyFailedTitle,
  description: DISPATCH_MESSAGES.verifyFailed,
  variant: 'destructive',
};
export const JOB_COMPLETED_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.jobCompletedTitle,
  description: DISPATCH_MESSAGES.jobCompleted,
};

export function completeFailedToast(error: unknown): ToastInput {
  return {
    title: DISPATCH_MESSAGES.errorTitle,
    description: withReason(DISPATCH_MESSAGES.completeFailed, error),
    variant: 'destructive',
  };
}

/** 'Dana has the job for Ann Lee.' */
export function assignedToast(technicianName: string, customerName: string): ToastInput {
  return {
    title: DISPATCH_MESSAGES.assignedTitle,
    description: `${technicianName} has the job for ${customerName}.`,
  };
}

/** A refused call: our sentence, then the server's reason when it gave one. */
export function failedToast(
  text: (typeof DISPATCH_MESSAGES)[
    | 'assignFailed'
    | 'unassignFailed'
    | 'handBackFailed'
    | 'cancelFailed'
    | 'offShiftFailed'
    | 'settingsFailed'],
  error: unknown,
): ToastInput {
  return {
    title: DISPATCH_MESSAGES.errorTitle,
    description: withReason(text, error),
    variant: 'destructive',
  };
}

export const UNASSIGNED_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.unassignedTitle,
  description: DISPATCH_MESSAGES.unassigned,
};
export const CANCELLED_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.cancelledTitle,
  description: DISPATCH_MESSAGES.cancelled,
};
export const HANDED_BACK_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.handedBackTitle,
  description: DISPATCH_MESSAGES.handedBack,
};
export const OFF_SHIFT_TOAST: ToastInput = {
  title: DISPATCH_MESSAGES.offShiftTitle,
  description: DISPATCH_MESSAGES.offShift,
};
