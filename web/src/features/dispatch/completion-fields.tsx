import type { InventoryItem } from '@cincy/contracts';
import {
  FieldError,
  STAFF_FORM_LOOK,
  SelectField,
  TextAreaField,
  TextField,
  fieldErrorId,
} from '../../components/form-field';
import {
  SERVICE_CODE_OPTIONS,
  fieldError,
  inventoryOptions,
  type CompletionErrors,
  type CompletionField,
  type CompletionForm,
  type VehicleFields,
} from './completion-form.util';

export const COMPLETION_IDS = {
  serviceCode: 'completion-service-code',
  inventoryItemId: 'completion-battery',
  batterySerialNumber: 'completion-serial',
  previousBatterySerialNumber: 'completion-previous-serial',
  vehicleMileage: 'completion-mileage',
  completionNotes: 'completion-notes',
  vehicleYear: 'completion-vehicle-year',
  vehicleMake: 'completion-vehicle-make',
  vehicleModel: 'completion-vehicle-model',
  vehicleColor: 'completion-vehicle-color',
} as const satisfies Record<CompletionField, string>;

export interface BatteryList {
  items: readonly InventoryItem[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

interface Props {
  form: CompletionForm;
  errors: CompletionErrors;
  shown: { previousSerial: boolean; battery: boolean };
  verified: boolean;
  verifying: boolean;
  saving: boolean;
  batteries: BatteryList;
  /** What the booking's vehicle text says: the placeholders of the vehicle fields. */
  parsedVehicle: VehicleFields;
  vehicleText: string | null;
  onChange: (field: CompletionField, value: string) => void;
  onVerify: () => void;
}

/** The fields of the completion dialog: the chosen service decides which are shown. */
export function CompletionFields({
  form,
  errors,
  shown,
  verified,
  verifying,
  saving,
  batteries,
  parsedVehicle,
  vehicleText,
  onChange,
  onVerify,
}: Props) {
  const look = STAFF_FORM_LOOK;
  /** The error text, or, for a missing battery field, a pointer to the serial field's message. */
  const errorProps = (field: CompletionField) => {
    const shownError = fieldError(errors, field);
    return shownError.pointsToSerial
      ? {
          'aria-invalid': true,
          'aria-describedby': fieldErrorId(COMPLETION_IDS.batterySerialNumber),
        }
      : { error: shownError.message };
  };
  const control = (field: CompletionField) => ({
    id: COMPLETION_IDS[field],
    name: field,
    look,
    value: form[field],
    onChange: (value: string) => onChange(field, value),
    disabled: saving,
    ...errorProps(field),
  });
  const warranty = shown.previousSerial;
  const previousId = COMPLETION_IDS.previousBatterySerialNumber;
  const previousError = errors.previousBatterySerialNumber;

  const batteryHint = batteries.loading ? (
    'Loading batteries...'
  ) : batteries.failed ? (
    <>
      Could not load the battery list.{' '}
      <button type="button" className="link-button" onClick={batteries.retry}>
        Try again
      </button>
    </>
  ) : batteries.items?.length === 0 ? (
    'No batteries in inventory.'
  ) : undefined;

  return (
    <>
      <SelectField
        {...control('serviceCode')}
        label="Service Performed"
        required
        placeholder="Select service code"
        options={SERVICE_CODE_OPTIONS}
      />

      {warranty && (
        <div className={`field${previousError ? ' field-invalid' : ''}`}>
          <label htmlFor={previousId}>
            Previous Battery Serial Number
            <span className="field-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <div className="input-with-button">
            <input
              id={previousId}
              name="previousBatterySerialNumber"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={form.previousBatterySerialNumber}
              onChange={(e) => onChange('previousBatterySerialNumber', e.target.value)}
              readOnly={verified}
              disabled={saving}
              aria-required="true"
              aria-invalid={previousError ? true : undefined}
              aria-describedby={previousError ? fieldErrorId(previousId) : undefined}
            />
            <button
              type="button"
              className={`btn ${verified ? 'btn-verified' : 'btn-secondary'}`}
              onClick={onVerify}
              disabled={verified || verifying || saving || !form.previousBatterySerialNumber.trim()}
            >
              {verified ? '✓ Verified' : verifying ? 'Verifying...' : 'Verify'}
            </button>
          </div>
          <FieldError id={previousId} error={previousError} look={look} />
        </div>
      )}

      {shown.battery && (
        <>
          <SelectField
            {...control('inventoryItemId')}
            label={warranty ? 'Select Replacement Battery' : 'Select Battery'}
            required
            placeholder="Select battery from inventory"
            options={inventoryOptions(batteries.items ?? [])}
            hint={batteryHint}
          />
          <TextField
            {...control('batterySerialNumber')}
            label={warranty ? 'New Battery Serial Number' : 'Battery Serial Number'}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            {...control('vehicleMileage')}
            label="Vehicle Mileage"
            required
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
        </>
      )}

      <TextAreaField
        {...control('completionNotes')}
        label="Notes"
        rows={3}
        placeholder="Additional details about the service..."
      />

      <details className="completion-vehicle">
        <summary>Vehicle details</summary>
        <p className="field-hint">
          {vehicleText ? `From the booking: ${vehicleText}.` : 'The booking names no vehicle.'} Fill
          in a field only to correct it.
        </p>
        <div className="field-row">
          <TextField
            {...control('vehicleYear')}
            label="Year"
            inputMode="numeric"
            placeholder={parsedVehicle.vehicleYear}
          />
          <TextField
            {...control('vehicleMake')}
            label="Make"
            placeholder={parsedVehicle.vehicleMake}
          />
          <TextField
            {...control('vehicleModel')}
            label="Model"
            placeholder={parsedVehicle.vehicleModel}
          />
          <TextField
            {...control('vehicleColor')}
            label="Color"
            placeholder={parsedVehicle.vehicleColor}
          />
        </div>
      </details>
    </>
  );
}
