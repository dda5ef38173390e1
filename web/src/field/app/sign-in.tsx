import { useState, type FormEvent } from 'react';
import type { SecondStep } from '../../lib/login-step';
import { waitingLine } from './field-format';
import { SecondStepForm, type TypedCode } from './second-step';

interface Props {
  /** Why sign-in shows again (the session ended, no signal), if it is not the first time. */
  reason: string | null;
  /** Steps kept on the phone: they go once signed in. */
  waiting: number;
  onSignIn: (username: string, password: string) => Promise<string | null>;
  /** The password was right: the second step still to go (issue 38). */
  step?: SecondStep | null;
  onCode?: (typed: TypedCode, trustDevice: boolean) => Promise<string | null>;
  onCancelStep?: () => void;
}

export function SignIn({ reason, waiting, onSignIn, step, onCode, onCancelStep }: Props) {
  return (
    <main className="fa-main fa-sign-in">
      <h1>Cincy Battery Field</h1>
      {reason && <p className="fa-notice">{reason}</p>}
      {waiting > 0 && <p className="fa-notice">{waitingLine(waiting)}</p>}
      {step && onCode && onCancelStep ? (
        <SecondStepForm step={step} onCode={onCode} onCancel={onCancelStep} />
      ) : (
        <PasswordForm onSignIn={onSignIn} />
      )}
    </main>
  );
}

function PasswordForm({ onSignIn }: Pick<Props, 'onSignIn'>) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(await onSignIn(username.trim(), password));
    setBusy(false);
  };

  return (
    <form className="fa-form" onSubmit={(event) => void submit(event)}>
      <label className="fa-label" htmlFor="field-username">
        Username
      </label>
      <input
        id="field-username"
        className="fa-input"
        autoComplete="username"
        autoCapitalize="none"
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <label className="fa-label" htmlFor="field-password">
        Password
      </label>
      <input
        id="field-password"
        className="fa-input"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error && (
        <p className="fa-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="fa-button fa-button-big" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
