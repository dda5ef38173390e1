import { Button, Flex, Modal, Switch, Typography } from 'antd';
import { memo, useId, useState } from 'react';
import type { Role } from '@cincy/contracts';
import { toast } from '../../components/toast';
import { useDispatchSettings } from '../../hooks/use-dispatch-settings';
import { useGoOffShift } from '../../hooks/use-go-off-shift';
import { useUpdateDispatchSettings } from '../../hooks/use-update-dispatch-settings';
import { modeText } from './board-notes.util';
import { DISPATCH_MESSAGES, OFF_SHIFT_TOAST, failedToast } from './dispatch-toasts.util';

/** An admin's Auto-dispatch switch; anyone else reads which mode is on. Kept live by 'settings.changed'. */
export const DispatchMode = memo(function DispatchMode({
  role,
  enabled,
}: {
  role: Role;
  enabled: boolean;
}) {
  const labelId = useId();
  const settings = useDispatchSettings({ enabled });
  const update = useUpdateDispatchSettings();
  if (settings.isError && !settings.data)
    return (
      <Flex align="center" gap={8} wrap role="status">
        <Typography.Text type="secondary">Could not load the dispatch mode.</Typography.Text>
        <Button size="small" loading={settings.isFetching} onClick={() => void settings.refetch()}>
          Retry
        </Button>
      </Flex>
    );
  if (!settings.data) return null;
  const on = settings.data.autoDispatch;
  if (role !== 'admin')
    return (
      <Typography.Text type="secondary" role="status">
        {modeText(on)}
      </Typography.Text>
    );
  const toggle = (autoDispatch: boolean) =>
    update.mutate(
      { autoDispatch },
      {
        onError: (error) => {
          console.warn('Dispatch settings failed', error);
          toast(failedToast(DISPATCH_MESSAGES.settingsFailed, error));
        },
      },
    );
  return (
    <Flex align="center" gap={8} wrap>
      <Switch
        aria-labelledby={labelId}
        checked={on}
        loading={update.isPending}
        disabled={update.isPending}
        onChange={toggle}
      />
      <Typography.Text id={labelId} strong>
        Auto-dispatch
      </Typography.Text>
      <Typography.Text type="secondary">{on ? 'On' : 'Off'}</Typography.Text>
    </Flex>
  );
});

/** A technician ends their shift for today, after a confirm step; the result is toasted. */
export function OffShiftButton() {
  const offShift = useGoOffShift();
  const [asking, setAsking] = useState(false);
  const busy = offShift.isPending;
  const close = () => setAsking(false);
  const confirm = () =>
    offShift.mutateAsync().then(
      () => {
        toast(OFF_SHIFT_TOAST);
        close();
      },
      (error: unknown) => {
        console.warn('Off shift failed', error);
        toast(failedToast(DISPATCH_MESSAGES.offShiftFailed, error));
        close();
      },
    );
  return (
    <>
      <Button onClick={() => setAsking(true)} disabled={busy}>
        Go off shift
      </Button>
      <Modal
        open={asking}
        title="Go off shift?"
        zIndex={9999}
        width={400}
        centered
        onCancel={close}
        closable={!busy}
        keyboard={!busy}
        mask={{ closable: !busy }}
        destroyOnHidden
        footer={
          <Flex justify="end" gap={8} wrap>
            <Button size="large" onClick={close} disabled={busy} autoFocus>
              Stay on shift
            </Button>
            <Button size="large" type="primary" onClick={() => void confirm()} loading={busy}>
              {busy ? 'Going off shift...' : 'Go off shift'}
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph style={{ margin: 0 }}>
          Your shift ends now and you will not be offered new jobs for the rest of today.
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
