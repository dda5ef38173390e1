import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import {
  TEXT_LIMITS,
  formatLocation,
  handBackInputSchema,
  type DashboardAppointment,
} from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { useHandBackAppointment } from '../../hooks/use-hand-back-appointment';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { DISPATCH_MESSAGES, HANDED_BACK_TOAST, failedToast } from './dispatch-toasts.util';

interface HandBackForm {
  reason: string;
}

/**
 * 'Hand back': the technician gives back a job assigned to them or accepted, until they are on the
 * way, saying why (required, at most 200 characters); dispatch sees the reason on the card. Loaded
 * with the dialog: it carries the contract's schema.
 */
export function HandBackDialog({
  appointment: a,
  onClose,
}: {
  appointment: DashboardAppointment;
  onClose: () => void;
}) {
  const [form] = Form.useForm<HandBackForm>();
  const handBack = useHandBackAppointment();
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);

  const onFinish = ({ reason }: HandBackForm) =>
    handBack.mutate(
      { id: a.id, body: { reason: reason.trim() } },
      {
        onSuccess: () => {
          toast(HANDED_BACK_TOAST);
          close();
        },
        onError: (error) => {
          console.warn('Hand back failed', error);
          // A reason the server refused stays on its field; anything else (the job moved on) closes.
          if (showServerErrors(form, fieldErrorsOf(error))) return;
          toast(failedToast(DISPATCH_MESSAGES.handBackFailed, error));
          close();
        },
      },
    );

  return (
    <FormDialog<HandBackForm>
      open={open}
      title="Hand back this job"
      okText="Hand back"
      saving={handBack.isPending}
      onClose={close}
      afterClose={onClose}
      form={form}
      name="hand-back"
      initialValues={{ reason: '' }}
      onFinish={onFinish}
    >
      <Typography.Paragraph>
        {a.customer.name}, {formatLocation(a.location)}. The job goes back to dispatch with your
        reason.
      </Typography.Paragraph>
      <Form.Item
        name="reason"
        label="Why are you handing it back?"
        required
        rules={[zodRule(handBackInputSchema, 'reason')]}
      >
        <Input
          autoFocus
          autoComplete="off"
          maxLength={TEXT_LIMITS.handBackReason}
          showCount
          placeholder="For example: flat tire"
        />
      </Form.Item>
    </FormDialog>
  );
}
