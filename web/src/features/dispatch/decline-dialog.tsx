import type { DashboardAppointment } from '@cincy/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
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
    <ConfirmDialog
      title="Decline Call"
      description={`Decline the call from ${a.customer.name}? The job ends as declined and leaves the board.`}
      confirmLabel="Decline Call"
      busyLabel="Declining..."
      busy={decline.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="muted">{a.location}</p>
    </ConfirmDialog>
  );
}
