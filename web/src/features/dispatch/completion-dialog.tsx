import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { DashboardAppointment } from '@cincy/contracts';
import { ApiRequestError } from '../../api/request';
import { Dialog } from '../../components/dialog';
import { toast } from '../../components/toast';
import { useBatteryInventory } from '../../hooks/use-battery-inventory';
import { useCreateServiceRecord } from '../../hooks/use-create-service-record';
import { useVerifySerial } from '../../hooks/use-verify-serial';
import { CompletionFields } from './completion-fields';
import {
  EMPTY_COMPLETION_FORM,
  buildServiceRecordPayload,
  completionFieldsShown,
  parseVehicleText,
  validateCompletion,
  type CompletionErrors,
  type CompletionField,
} from './completion-form.util';
import {
  JOB_COMPLETED_TOAST,
  SERIAL_NOT_FOUND_TOAST,
  SERIAL_VERIFIED_TOAST,
  VERIFY_FAILED_TOAST,
  completeFailedToast,
} from './dispatch-toasts.util';

/**
 * 'Complete Job': the service record for one appointment, saved on behalf of its technician. Open
 * while mounted; it starts empty every time.
 */
export function CompletionDialog({
  appointment,
  onClose,
}: {
  appointment: DashboardAppointment;
  onClose: () => void;
}) {
  const [form, setForm] = useState(EMPTY_COMPLETION_FORM);
  const [verified, setVerified] = useState(false);
  const [errors, setErrors] = useState<CompletionErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useRef(false);
  const batteries = useBatteryInventory();
  const verify = useVerifySerial();
  const save = useCreateServiceRecord();
  const saving = save.isPending;
  const parsedVehicle = useMemo(() => parseVehicleText(appointment.vehicle), [appointment.vehicle]);
  const shown = completionFieldsShown(form.serviceCode, verified);

  // After a refused submit, the first field with an error takes the focus.
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onChange = (field: CompletionField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onVerify = () => {
    verify.mutate(
      {
        customerId: appointment.customerId,
        serialNumber: form.previousBatterySerialNumber.trim(),
      },
      {
        onSuccess: ({ verified: found }) => {
          if (found) {
            setVerified(true);
            setErrors((current) => ({ ...current, previousBatterySerialNumber: undefined }));
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

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const payload = buildServiceRecordPayload(appointment, form);
    const refused = validateCompletion(payload, verified);
    if (Object.keys(refused).length > 0) {
      focusError.current = true;
      setErrors(refused);
      return;
    }
    setErrors({});
    save.mutate(payload, {
      onSuccess: () => {
        toast(JOB_COMPLETED_TOAST);
        setForm(EMPTY_COMPLETION_FORM);
        setVerified(false);
        onClose();
      },
      onError: (error) => {
        console.error('Failed to complete the job', error);
        toast(completeFailedToast(error));
        if (error instanceof ApiRequestError && error.fieldErrors) {
          focusError.current = true;
          setErrors(error.fieldErrors as CompletionErrors);
        }
      },
    });
  };

  return (
    <Dialog
      title="Complete Job"
      description={`${appointment.customer.name} · ${appointment.location}`}
      onClose={onClose}
      dismissible={!saving}
      closeOnBackdrop={false}
      className="completion-dialog"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={saving}>
        <div className="dialog-body">
          <CompletionFields
            form={form}
            errors={errors}
            shown={shown}
            verified={verified}
            verifying={verify.isPending}
            saving={saving}
            batteries={{
              items: batteries.data,
              loading: batteries.isPending && batteries.fetchStatus !== 'idle',
              failed: batteries.isError,
              retry: () => void batteries.refetch(),
            }}
            parsedVehicle={parsedVehicle}
            vehicleText={appointment.vehicle}
            onChange={onChange}
            onVerify={onVerify}
          />
          {errors.form && (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          )}
        </div>
        <div className="dialog-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Completing...' : 'Complete'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
