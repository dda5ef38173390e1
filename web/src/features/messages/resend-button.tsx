import { Button } from 'antd';
import type { Message } from '@cincy/contracts';
import { toast } from '../../components/toast';
import {
  messageStep,
  resendFailedToast,
  resentToast,
  MESSAGE_CHANNEL_LABELS,
} from './message-view.util';
import { useResendMessage } from '../../hooks/use-messages';

/** "Resend" for a failed message: queued again, the lists read again, a toast either way. */
export function ResendButton({ message: m, block = false }: { message: Message; block?: boolean }) {
  const resend = useResendMessage();
  const onClick = () => {
    if (resend.isPending) return;
    // The promise, not mutate()'s callbacks: the refetch can re-render the row away first.
    resend.mutateAsync(m.id).then(
      () => toast(resentToast(m)),
      (error: unknown) => {
        console.warn('Resending the message failed', error);
        toast(resendFailedToast(error));
      },
    );
  };
  return (
    <Button
      size="small"
      block={block}
      loading={resend.isPending}
      onClick={onClick}
      aria-label={`Resend ${messageStep(m)} (${MESSAGE_CHANNEL_LABELS[m.channel]})`}
    >
      Resend
    </Button>
  );
}
