import { Button, Flex, Modal, Typography } from 'antd';
import { formatLocation, type DashboardAppointment } from '@cincy/contracts';
import { toast } from '../../components/toast';
import { useDeclineAppointment } from '../../hooks/use-decline-appointment';
import { declineFailedToast, declinedToast } from './dispatch-toasts.util';

/** Asks before a call is declined: the job ends and leaves the board. Cancel has the focus. */
export function DeclineDialog({
  appointment: a,
  onClose,
}: {
  appointment: DashboardAppointment;
  onClose: () => void;
}) {
  const decline = useDeclineAppointment();
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
    <Modal
      open
      title="Decline Call"
      zIndex={9999}
      width={440}
      centered
      onCancel={onClose}
      closable={!busy}
      keyboard={!busy}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button size="large" onClick={onClose} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button size="large" type="primary" danger onClick={onConfirm} disabled={busy}>
            {busy ? 'Declining...' : 'Decline Call'}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>
        Decline the call from {a.customer.name}? The job ends as declined and leaves the board.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{formatLocation(a.location)}</Typography.Paragraph>
    </Modal>
  );
}
