import { useRef } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { Dialog } from '../../components/dialog';
import { toast } from '../../components/toast';
import { useDeclineAppointment } from '../../hooks/use-decline-appointment';
import { declineFailedToast, declinedToast } from './dispatch-toasts.util';

/** Asks before a call is declined: the job ends and leaves the board. */
export function DeclineDialog({
  appointment: a,
  onClose,
}: {
  appointment: DashboardAppointment;
  onClose: () => void;
}) {
  const decline = useDeclineAppointment();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const busy = decline.isPending;

  const onConfirm = () =>
    decline.mutate(a.id, {
      onSuccess: (answer) => {
        toast(declinedToast(answer));
        onClose();
      },
      onError: (error) => {
        console.warn('Decline failed', error);
        toast(declineFailedToast(error));
        onClose();
      },
    });

  return (
    <Dialog
      title="Decline Call"
      description={`Decline the call from ${a.customer.name}? The job ends as declined and leaves the board.`}
      role="alertdialog"
      onClose={onClose}
      dismissible={!busy}
      initialFocus={cancelRef}
      className="dialog-sm"
    >
      <div className="dialog-body">
        <p className="muted">{a.location}</p>
      </div>
      <div className="dialog-footer">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          onClick={onClose}
          disabled={busy}
        >
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Declining...' : 'Decline Call'}
        </button>
      </div>
    </Dialog>
  );
}
