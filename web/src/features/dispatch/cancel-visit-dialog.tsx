import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import {
  TEXT_LIMITS,
  cancelBookingSchema,
  formatLocation,
  type DashboardAppointment,
} from '@cincy/contracts';
import { fieldErrorsOf } from '../../api/request';
import { FormDialog } from '../../components/form-dialog';
import { toast } from '../../components/toast';
import { useCancelVisit } from '../../hooks/use-cancel-visit';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { CANCELLED_TOAST, DISPATCH_MESSAGES, failedToast } from './dispatch-toasts.util';

interface CancelForm {
  reason: string;
}

/**
 * 'Cancel Visit': staff cancel for a customer who called, until the technician sets out, with an
 * optional reason (the customer's own cancel: ADR 0099). The customer is told.
 */
export function CancelVisitDialog({
  appointment: a,
  onClose,
}: {
  appointment: DashboardAppointment;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CancelForm>();
  const cancel = useCancelVisit();
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);

  const onFinish = ({ reason }: CancelForm) =>
    cancel.mutate(
      { id: a.id, body: { reason: reason.trim() || null } },
      {
        onSuccess: () => {
          toast(CANCELLED_TOAST);
          close();
        },
        onError: (error) => {
          console.warn('Cancel failed', error);
          if (showServerErrors(form, fieldErrorsOf(error))) return;
          toast(failedToast(DISPATCH_MESSAGES.cancelFailed, error));
          close();
        },
      },
    );

  return (
    <FormDialog<CancelForm>
      open={open}
      title="Cancel this visit"
      okText="Cancel Visit"
      saving={cancel.isPending}
      onClose={close}
      afterClose={onClose}
      form={form}
      name="cancel-visit"
      initialValues={{ reason: '' }}
      onFinish={onFinish}
    >
      <Typography.Paragraph>
        Cancel the visit for {a.customer.name}, {formatLocation(a.location)}? The customer is told
        by text and email, and the hour is free again.
      </Typography.Paragraph>
      <Form.Item
        name="reason"
        label="Reason (optional)"
        rules={[zodRule(cancelBookingSchema, 'reason')]}
      >
        <Input
          autoFocus
          autoComplete="off"
          maxLength={TEXT_LIMITS.cancelReason}
          showCount
          placeholder="For example: the customer got a jump start"
        />
      </Form.Item>
    </FormDialog>
  );
}
