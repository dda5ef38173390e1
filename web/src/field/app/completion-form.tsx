import { useState, type FormEvent } from 'react';
import {
  DIALOG_SERVICE_CODES,
  DIALOG_TO_SERVICE_CODE,
  OLD_BATTERY_KEPT_LABEL,
  SERVICE_CODE_LABELS,
  SERVICE_RECORD_MESSAGES,
  missingTest,
  takesBattery,
  type DialogServiceCode,
  type InventoryItem,
} from '@cincy/contracts';
import type { KnownTest } from './door-records';
import { ScanButton } from './serial-scanner';
import type { FieldJob } from './jobs';

/** The completion's fields as typed (text): kept on the phone until the server has the record. */
export interface CompletionFields {
  serviceCode: string;
  inventoryItemId: string;
  batterySerialNumber: string;
  previousBatterySerialNumber: string;
  vehicleMileage: string;
  completionNotes: string;
  /** 'yes' when the customer keeps the old battery (a core charge is billed). */
  oldBatteryKept: string;
  [field: string]: string;
}

export const NO_COMPLETION_FIELDS: CompletionFields = {
  serviceCode: '',
  inventoryItemId: '',
  batterySerialNumber: '',
  previousBatterySerialNumber: '',
  vehicleMileage: '',
  completionNotes: '',
  oldBatteryKept: '',
};

const text = (value: string) => value.trim() || null;

/**
 * The service record's body from the typed fields, or the first thing missing (the server's own
 * messages, so a technician offline learns now what the office would refuse later).
 */
export function completionRecord(
  job: Pick<FieldJob, 'customerId'>,
  fields: CompletionFields,
  tests: readonly KnownTest[] = [],
): { record: Record<string, unknown> } | { error: string } {
  const dialogCode = fields.serviceCode as DialogServiceCode;
  const serviceCode = DIALOG_TO_SERVICE_CODE[dialogCode];
  if (!serviceCode) return { error: SERVICE_RECORD_MESSAGES.serviceCodeRequired };
  const warranty = serviceCode === 'warranty_replacement';
  if (takesBattery(serviceCode)) {
    const missing =
      !fields.inventoryItemId ||
      !fields.batterySerialNumber.trim() ||
      !fields.vehicleMileage.trim() ||
      (warranty && !fields.previousBatterySerialNumber.trim());
    if (missing) return { error: SERVICE_RECORD_MESSAGES.batteryDetailsRequired };
  }
  const untested = missingTest(serviceCode, tests);
  if (untested) return { error: untested };
  return {
    record: {
      customerId: job.customerId,
      serviceCode,
      inventoryItemId: takesBattery(serviceCode) ? Number(fields.inventoryItemId) : null,
      batterySerialNumber: text(fields.batterySerialNumber),
      previousBatterySerialNumber: warranty ? text(fields.previousBatterySerialNumber) : null,
      vehicleMileage: text(fields.vehicleMileage.replace(/,/g, '')),
      completionNotes: text(fields.completionNotes),
      oldBatteryKept: serviceCode === 'battery_installed' && fields.oldBatteryKept === 'yes',
    },
  };
}

interface Props {
  job: FieldJob;
  /** The job's tests the phone knows of: a warranty stands on a failing one. */
  tests: readonly KnownTest[];
  batteries: readonly InventoryItem[];
  draft: Record<string, string> | null;
  onDraft: (fields: CompletionFields) => void;
  onCancel: () => void;
  onComplete: (record: Record<string, unknown>) => Promise<void>;
}

/** The service record at the door: what was done, which battery, its serials and the mileage. */
export function CompletionForm({
  job,
  tests,
  batteries,
  draft,
  onDraft,
  onCancel,
  onComplete,
}: Props) {
  const [fields, setFields] = useState<CompletionFields>({ ...NO_COMPLETION_FIELDS, ...draft });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const code = DIALOG_TO_SERVICE_CODE[fields.serviceCode as DialogServiceCode];
  const battery = code ? takesBattery(code) : false;
  const id = (field: string) => `complete-${job.id}-${field}`;

  const change = (field: keyof CompletionFields, value: string) => {
    const next = { ...fields, [field]: value };
    setFields(next);
    setError(null);
    onDraft(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = completionRecord(job, fields, tests);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setSaving(true);
    try {
      await onComplete(result.record);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="fa-form" onSubmit={(event) => void submit(event)} noValidate>
      <h4 className="fa-form-title">Complete the job</h4>
      <label className="fa-label" htmlFor={id('service')}>
        Service performed
      </label>
      <select
        id={id('service')}
        className="fa-input"
        value={fields.serviceCode}
        onChange={(event) => change('serviceCode', event.target.value)}
      >
        <option value="">Choose…</option>
        {DIALOG_SERVICE_CODES.map((value) => (
          <option key={value} value={value}>
            {SERVICE_CODE_LABELS[DIALOG_TO_SERVICE_CODE[value]]}
          </option>
        ))}
      </select>
      {battery && (
        <>
          <label className="fa-label" htmlFor={id('battery')}>
            Battery
          </label>
          <select
            id={id('battery')}
            className="fa-input"
            value={fields.inventoryItemId}
            onChange={(event) => change('inventoryItemId', event.target.value)}
          >
            <option value="">Choose…</option>
            {batteries.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </select>
          <SerialInput
            id={id('serial')}
            label="New battery serial number"
            value={fields.batterySerialNumber}
            onChange={(value) => change('batterySerialNumber', value)}
          />
          {code === 'warranty_replacement' && (
            <SerialInput
              id={id('previous')}
              label="Previous battery serial number"
              value={fields.previousBatterySerialNumber}
              onChange={(value) => change('previousBatterySerialNumber', value)}
            />
          )}
          <label className="fa-label" htmlFor={id('mileage')}>
            Vehicle mileage
          </label>
          <input
            id={id('mileage')}
            className="fa-input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            value={fields.vehicleMileage}
            onChange={(event) => change('vehicleMileage', event.target.value)}
          />
          {code === 'battery_installed' && (
            <label className="fa-check" htmlFor={id('kept')}>
              <input
                id={id('kept')}
                type="checkbox"
                checked={fields.oldBatteryKept === 'yes'}
                onChange={(event) => change('oldBatteryKept', event.target.checked ? 'yes' : '')}
              />
              {OLD_BATTERY_KEPT_LABEL}
            </label>
          )}
        </>
      )}
      <label className="fa-label" htmlFor={id('notes')}>
        Notes (optional)
      </label>
      <textarea
        id={id('notes')}
        className="fa-input"
        rows={2}
        maxLength={1000}
        value={fields.completionNotes}
        onChange={(event) => change('completionNotes', event.target.value)}
      />
      {error && (
        <p className="fa-error" role="alert">
          {error}
        </p>
      )}
      <div className="fa-row">
        <button type="submit" className="fa-button fa-button-big" disabled={saving}>
          Complete job
        </button>
        <button type="button" className="fa-button fa-button-quiet" onClick={onCancel}>
          Not yet
        </button>
      </div>
    </form>
  );
}

/** A battery label's serial: capitals, no spelling help, as printed; or read from its barcode. */
function SerialInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="fa-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="fa-input"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <ScanButton label={props.label.toLowerCase()} onSerial={props.onChange} />
    </>
  );
}
