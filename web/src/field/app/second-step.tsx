import { useState, type FormEvent } from 'react';
import { SETUP_TWO_STEP_PATH, type SecondStep } from '../../lib/login-step';
import { digitsOnly } from '../../lib/sign-in-steps';

/**
 * How long the server remembers a phone that passed the second step (ACCOUNT_LIMITS'
 * trustedDeviceDays: a spec holds them equal). Not imported: that module brings the schemas, and
 * the field app's first screen carries no zod.
 */
export const TRUSTED_DEVICE_DAYS = 30;

export type TypedCode = { code: string } | { recoveryCode: string };

interface Props {
  step: SecondStep;
  /** Sends the code; null once signed in, else what to say. */
  onCode: (typed: TypedCode, trustDevice: boolean) => Promise<string | null>;
  /** Back to the username and password. */
  onCancel: () => void;
}

/** The second step of signing in on the phone: the app's code (large, numeric) or a recovery code. */
export function SecondStepForm({ step, onCode, onCancel }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (step.mfa === 'enroll')
    return (
      <div className="fa-form">
        <h2 className="fa-form-title">Two-step sign-in</h2>
        <p className="fa-notice">
          Your account must have two-step sign-in. Set it up first, then come back to the field app.
        </p>
        <a className="fa-button fa-button-big" href={SETUP_TWO_STEP_PATH}>
          Set up two-step sign-in
        </a>
        <button type="button" className="fa-link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = recovery ? { recoveryCode: value.trim() } : { code: digitsOnly(value) };
    if (recovery ? !value.trim() : digitsOnly(value).length !== 6) {
      setError(recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code.');
      return;
    }
    setBusy(true);
    const failure = await onCode(typed, trust);
    setBusy(false);
    setError(failure);
  };

  const switchKind = () => {
    setRecovery(!recovery);
    setValue('');
    setError(null);
  };

  return (
    <form className="fa-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="fa-form-title">Two-step sign-in</h2>
      <label className="fa-label" htmlFor="field-code">
        {recovery ? 'Recovery code' : 'Code from your authenticator app'}
      </label>
      <input
        key={recovery ? 'recovery' : 'code'}
        id="field-code"
        className={recovery ? 'fa-input' : 'fa-input fa-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'field-code-error' : undefined}
        value={value}
        onChange={(event) =>
          setValue(recovery ? event.target.value : digitsOnly(event.target.value))
        }
      />
      <label className="fa-check" htmlFor="field-trust">
        <input
          id="field-trust"
          type="checkbox"
          checked={trust}
          onChange={(event) => setTrust(event.target.checked)}
        />
        Trust this phone for {TRUSTED_DEVICE_DAYS} days
      </label>
      {error && (
        <p id="field-code-error" className="fa-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="fa-button fa-button-big" disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
      <button type="button" className="fa-link-button" onClick={switchKind} disabled={busy}>
        {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
      </button>
      <button type="button" className="fa-link-button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}
