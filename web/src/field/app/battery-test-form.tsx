import { useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import {
  BATTERY_TEST_BOUNDS as BOUNDS,
  BATTERY_TEST_MESSAGES as MESSAGES,
  CHARGING_RESULTS,
  CHARGING_RESULT_LABELS,
  RATING_STANDARDS,
  STARTER_RESULTS,
  TEST_DECISIONS,
  TEST_DECISION_LABELS,
} from '@cincy/contracts';

/** A test's fields as typed (text), the way the tester's screen shows them. */
export interface TestFields {
  battery: string;
  ratingStandard: string;
  ratedCca: string;
  measuredCca: string;
  voltage: string;
  stateOfHealth: string;
  decision: string;
  starterVoltage: string;
  starterResult: string;
  chargingVoltage: string;
  chargingResult: string;
  testCode: string;
}

export const NO_TEST_FIELDS: TestFields = {
  battery: 'old',
  ratingStandard: 'SAE',
  ratedCca: '',
  measuredCca: '',
  voltage: '',
  stateOfHealth: '',
  decision: '',
  starterVoltage: '',
  starterResult: '',
  chargingVoltage: '',
  chargingResult: '',
  testCode: '',
};

type Errors = Partial<Record<keyof TestFields, string>>;

/** A reading typed as text, within its bounds (whole, or to the hundredth), or null. */
function readingOf(text: string, bounds: { min: number; max: number }, whole: boolean) {
  const value = Number(text.trim().replace(/,/g, ''));
  if (text.trim() === '' || !Number.isFinite(value)) return null;
  if (value < bounds.min || value > bounds.max) return null;
  // To the hundredth, as the server takes it (10.2 * 100 is 1019.999… in floating point).
  const hundredths = value * 100;
  if (whole ? !Number.isInteger(value) : Math.abs(Math.round(hundredths) - hundredths) > 1e-6)
    return null;
  return value;
}

/**
 * The test's body (POST /api/appointments/{id}/battery-tests) from the typed fields, or what is
 * wrong with each, in the server's words (the phone may be offline: it checks now).
 */
export function batteryTestBody(
  fields: TestFields,
): { body: Record<string, unknown> } | { errors: Errors } {
  const errors: Errors = {};
  const reading = (
    field: keyof TestFields,
    bounds: { min: number; max: number },
    message: string,
    whole = false,
  ) => {
    const value = readingOf(fields[field], bounds, whole);
    if (value === null) errors[field] = message;
    return value;
  };
  const oneOf = (field: keyof TestFields, values: readonly string[], message: string) => {
    if (!values.includes(fields[field])) errors[field] = message;
    return fields[field];
  };
  /** An optional pair (the starter's or the charging system's): both or neither. */
  const pair = (
    voltageField: keyof TestFields,
    resultField: keyof TestFields,
    values: readonly string[],
    voltageMessage: string,
    resultMessage: string,
  ) => {
    if (!fields[voltageField].trim() && !fields[resultField]) return null;
    return {
      voltage: reading(voltageField, BOUNDS.volts, voltageMessage),
      result: oneOf(resultField, values, resultMessage),
    };
  };
  const body = {
    battery: oneOf('battery', ['old', 'new'], MESSAGES.battery),
    ratingStandard: oneOf('ratingStandard', RATING_STANDARDS, MESSAGES.ratingStandard),
    ratedCca: reading('ratedCca', BOUNDS.cca, MESSAGES.ratedCca, true),
    measuredCca: reading('measuredCca', BOUNDS.cca, MESSAGES.measuredCca, true),
    voltage: reading('voltage', BOUNDS.volts, MESSAGES.voltage),
    stateOfHealth: reading('stateOfHealth', BOUNDS.health, MESSAGES.stateOfHealth, true),
    decision: oneOf('decision', TEST_DECISIONS, MESSAGES.decision),
    starter: pair(
      'starterVoltage',
      'starterResult',
      STARTER_RESULTS,
      MESSAGES.starterVoltage,
      MESSAGES.starterResult,
    ),
    charging: pair(
      'chargingVoltage',
      'chargingResult',
      CHARGING_RESULTS,
      MESSAGES.chargingVoltage,
      MESSAGES.chargingResult,
    ),
    testCode: fields.testCode.trim() || null,
  };
  if (body.testCode && body.testCode.length > BOUNDS.testCode)
    errors.testCode = `Test code is at most ${BOUNDS.testCode} characters`;
  return Object.keys(errors).length ? { errors } : { body };
}

interface Props {
  jobId: number;
  onCancel: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}

/** A battery test typed from the tester's screen or printout, at the car (works offline). */
export function BatteryTestForm({ jobId, onCancel, onSave }: Props) {
  const [fields, setFields] = useState<TestFields>(NO_TEST_FIELDS);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const id = (field: keyof TestFields) => `test-${jobId}-${field}`;
  const change = (field: keyof TestFields, value: string) => {
    setFields((known) => ({ ...known, [field]: value }));
    setErrors((known) => ({ ...known, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = batteryTestBody(fields);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      await onSave(result.body);
    } finally {
      setSaving(false);
    }
  };

  /** A labelled control with its error under it, tied for screen readers. */
  const labelled = (name: keyof TestFields, label: string, control: ReactElement) => (
    <div className="fa-field">
      <label className="fa-label" htmlFor={id(name)}>
        {label}
      </label>
      {control}
      {errors[name] && (
        <p id={`${id(name)}-error`} className="fa-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const controlProps = (name: keyof TestFields) => ({
    id: id(name),
    className: 'fa-input',
    value: fields[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      change(name, event.target.value),
  });
  const field = (
    name: keyof TestFields,
    label: string,
    input: { inputMode?: 'numeric' | 'decimal' | 'text'; placeholder?: string } = {},
  ) => labelled(name, label, <input {...controlProps(name)} {...input} />);
  const select = (name: keyof TestFields, label: string, options: [string, string][]) =>
    labelled(
      name,
      label,
      <select {...controlProps(name)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>,
    );
  const choose: [string, string] = ['', 'Choose…'];

  return (
    <form className="fa-form" onSubmit={(event) => void submit(event)} noValidate>
      <h4 className="fa-form-title">Battery test</h4>
      {select('battery', 'Battery tested', [
        ['old', 'Old battery (in the car)'],
        ['new', 'New battery (put in)'],
      ])}
      {select(
        'ratingStandard',
        'Rating standard',
        RATING_STANDARDS.map((s) => [s, s]),
      )}
      {field('ratedCca', 'Rated CCA (label)', { inputMode: 'numeric', placeholder: '600' })}
      {field('measuredCca', 'Measured CCA', { inputMode: 'numeric', placeholder: '310' })}
      {field('voltage', 'Voltage (V)', { inputMode: 'decimal', placeholder: '12.40' })}
      {field('stateOfHealth', 'State of health (%)', { inputMode: 'numeric', placeholder: '41' })}
      {select('decision', 'Decision', [
        choose,
        ...TEST_DECISIONS.map((d): [string, string] => [d, TEST_DECISION_LABELS[d]]),
      ])}
      <details className="fa-details">
        <summary>Starter and charging system (optional)</summary>
        {field('starterVoltage', 'Cranking voltage (V)', {
          inputMode: 'decimal',
          placeholder: '10.20',
        })}
        {select('starterResult', 'Starter', [
          choose,
          ...STARTER_RESULTS.map((r): [string, string] => [r, r]),
        ])}
        {field('chargingVoltage', 'Charging voltage (V)', {
          inputMode: 'decimal',
          placeholder: '14.20',
        })}
        {select('chargingResult', 'Charging system', [
          choose,
          ...CHARGING_RESULTS.map((r): [string, string] => [r, CHARGING_RESULT_LABELS[r]]),
        ])}
      </details>
      {field('testCode', 'Test code (optional)')}
      <div className="fa-row">
        <button type="submit" className="fa-button" disabled={saving}>
          Save test
        </button>
        <button type="button" className="fa-button fa-button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
