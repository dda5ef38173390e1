import { useState, type FormEvent } from 'react';
import { ARRIVAL_CODE_PATTERN, ARRIVAL_MESSAGES } from '@cincy/contracts';

/**
 * Arrived, where the job asks for proof: the 4 digits the customer reads from their tracking
 * page. Checked by the server (the phone never knows the code), so it also goes offline.
 */
export function ArrivalCodeForm({
  jobId,
  busy,
  onArrive,
  onCancel,
}: {
  jobId: number;
  busy: boolean;
  onArrive: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = `arrival-code-${jobId}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ARRIVAL_CODE_PATTERN.test(code)) return setError(ARRIVAL_MESSAGES.format);
    void onArrive(code);
  };
  return (
    <form className="fa-form" onSubmit={submit} noValidate>
      <label className="fa-label" htmlFor={id}>
        Customer&apos;s arrival code
      </label>
      <input
        id={id}
        className="fa-input"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        aria-describedby={`${id}-hint`}
        aria-invalid={error !== null}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, ''));
          setError(null);
        }}
      />
      <p id={`${id}-hint`} className="fa-muted">
        The 4 digits on the customer&apos;s tracking page.
      </p>
      {error && (
        <p className="fa-error" role="alert">
          {error}
        </p>
      )}
      <div className="fa-row">
        <button type="submit" className="fa-button" disabled={busy}>
          Arrived
        </button>
        <button type="button" className="fa-button fa-button-quiet" onClick={onCancel}>
          Not yet
        </button>
      </div>
    </form>
  );
}
