import { Button, Flex, Form, Modal, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { formatLocation, warrantyEndedMessage, type DashboardAppointment } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import { toast } from '../../components/toast';
import { useBatteryInventory } from '../../hooks/use-battery-inventory';
import { useCreateServiceRecord } from '../../hooks/use-create-service-record';
import { useVerifySerial } from '../../hooks/use-verify-serial';
import { showServerErrors, zodRule } from '../../lib/zod-form';
import { DoorRecordsPanel } from './door-records-panel';
import { BATTERY_FIELDS, CompletionFields } from './completion-fields';
import {
  EMPTY_COMPLETION_FORM,
  buildServiceRecordPayload,
  completionFieldsShown,
  completionFormOf,
  completionFormSchema,
  parseVehicleText,
  type CompletionField,
  type CompletionValues,
} from './completion-form.util';
import {
  JOB_COMPLETED_TOAST,
  SERIAL_NOT_FOUND_TOAST,
  warrantyEndedToast,
  SERIAL_VERIFIED_TOAST,
  VERIFY_FAILED_TOAST,
  completeFailedToast,
} from './dispatch-toasts.util';

/** Every field present (so a server's field error finds it); the selects start on their placeholder. */
const COMPLETION_INITIAL_VALUES: CompletionValues = {
  ...EMPTY_COMPLETION_FORM,
  serviceCode: undefined,
  inventoryItemId: undefined,
};

/** 'Service Performed *': the mark is text for the eye, hidden from screen readers. */
export function requiredMark(label: ReactNode, { required }: { required: boolean }) {
  return (
    <>
      {label}
      {/* pre: the label is a flex row, which would drop the space before the mark */}
      {required && (
        <span aria-hidden="true" style={{ whiteSpace: 'pre' }}>
          {' *'}
        </span>
      )}
    </>
  );
}

/**
 * 'Complete Job': the service record for one appointment, saved on behalf of its technician. Open
 * while mounted; it starts empty every time. The form's rules are the contract's, through
 * `zodRule`; a refused call's field errors land on their fields (`showServerErrors`).
 */
export function CompletionDialog({
  appointment,
  onClose,
}: {
  appointment: DashboardAppointment;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CompletionValues>();
  const batteries = useBatteryInventory();
  const verify = useVerifySerial();
  const save = useCreateServiceRecord();
  const saving = save.isPending;
  const parsedVehicle = useMemo(() => parseVehicleText(appointment.vehicle), [appointment.vehicle]);
  const schema = useMemo(() => completionFormSchema(appointment), [appointment]);
  const serviceCode = Form.useWatch('serviceCode', form);
  const previousSerial = Form.useWatch('previousBatterySerialNumber', form);
  const verified = Form.useWatch('verified', { form, preserve: true }) === true;
  const shown = completionFieldsShown(
    serviceCode === undefined || serviceCode === null ? '' : (serviceCode as never),
    verified,
  );

  const ruleOf = (field: CompletionField) => [zodRule(schema, field)];

  // Checked on submit only; a change clears its field's message (and the battery fields clear
  // together: the combined message is about all of them).
  const onValuesChange = (changed: CompletionValues) => {
    const names = Object.keys(changed) as CompletionField[];
    const cleared = names.some((n) => BATTERY_FIELDS.includes(n)) ? [...BATTERY_FIELDS] : names;
    form.setFields(cleared.map((name) => ({ name, errors: [] })));
  };

  const onVerify = () => {
    verify.mutate(
      {
        customerId: appointment.customerId,
        serialNumber: String(form.getFieldValue('previousBatterySerialNumber') ?? '').trim(),
      },
      {
        onSuccess: ({ verified: found, warrantyEndedOn }) => {
          if (found && warrantyEndedOn) {
            const message = warrantyEndedMessage(warrantyEndedOn);
            form.setFields([{ name: 'previousBatterySerialNumber', errors: [message] }]);
            toast(warrantyEndedToast(warrantyEndedOn));
          } else if (found) {
            form.setFieldValue('verified', true);
            form.setFields([{ name: 'previousBatterySerialNumber', errors: [] }]);
            toast(SERIAL_VERIFIED_TOAST);
          } else {
            toast(SERIAL_NOT_FOUND_TOAST);
          }
        },
        onError: (error) => {
          console.warn('Serial verification failed', error);
          toast(VERIFY_FAILED_TOAST);
        },
      },
    );
  };

  const onFinish = () => {
    if (saving) return;
    const payload = buildServiceRecordPayload(
      appointment,
      completionFormOf(form.getFieldsValue(true) as CompletionValues),
    );
    // The promise, not mutate's callbacks: those are dropped when the card unmounts first (the
    // board's push of the completed job can beat the answer), and the toast would be lost.
    save.mutateAsync(payload).then(
      () => {
        toast(JOB_COMPLETED_TOAST);
        onClose();
      },
      (error: unknown) => {
        console.error('Failed to complete the job', error);
        toast(completeFailedToast(error));
        if (error instanceof ApiRequestError) showServerErrors(form, error.fieldErrors);
      },
    );
  };

  return (
    <Modal
      open
      title="Complete Job"
      zIndex={9999}
      width={640}
      centered
      footer={null}
      onCancel={onClose}
      closable={!saving}
      keyboard={!saving}
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">
        {appointment.customer.name} · {formatLocation(appointment.location)}
      </Typography.Paragraph>
      <DoorRecordsPanel appointmentId={appointment.id} />
      <Form
        form={form}
        name="completion"
        layout="vertical"
        requiredMark={requiredMark}
        validateTrigger={[]}
        scrollToFirstError={{ focus: true }}
        disabled={saving}
        initialValues={COMPLETION_INITIAL_VALUES}
        onValuesChange={onValuesChange}
        onFinish={onFinish}
        aria-busy={saving}
        noValidate
      >
        <CompletionFields
          ruleOf={ruleOf}
          shown={shown}
          verified={verified}
          verifying={verify.isPending}
          canVerify={String(previousSerial ?? '').trim() !== ''}
          batteries={{
            items: batteries.data,
            loading: batteries.isPending && batteries.fetchStatus !== 'idle',
            failed: batteries.isError,
            retry: () => void batteries.refetch(),
          }}
          parsedVehicle={parsedVehicle}
          vehicleText={appointment.vehicle}
          onVerify={onVerify}
        />
        <Flex justify="end" gap={8} wrap style={{ marginTop: 16 }}>
          <Button size="large" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button size="large" type="primary" htmlType="submit" disabled={saving}>
            {saving ? 'Completing...' : 'Complete'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
