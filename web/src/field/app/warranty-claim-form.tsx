import { useState, type FormEvent } from 'react';
import { WARRANTY_CLAIM_MESSAGES } from '@cincy/contracts';
import { openWarrantyClaim } from '../../api/warranty';
import { serverMessageOf } from '../../api/request';

/**
 * A failing test of the old battery: the technician opens its warranty claim at the car (issue
 * 37) with the serial on its label. The server says whether it is the customer's battery from us,
 * still under warranty, and not claimed already; the new battery is then a warranty replacement.
 */
export function WarrantyClaimForm({ jobId }: { jobId: number }) {
  const [serial, setSerial] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const id = `claim-serial-${jobId}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!serial.trim()) return setAnswer({ ok: false, text: WARRANTY_CLAIM_MESSAGES.serial });
    setBusy(true);
    try {
      await openWarrantyClaim({ appointmentId: jobId, batterySerialNumber: serial });
      setAnswer({
        ok: true,
        text: `${WARRANTY_CLAIM_MESSAGES.opened}: complete the visit as a warranty replacement, at no charge.`,
      });
    } catch (error) {
      setAnswer({
        ok: false,
        text: navigator.onLine
          ? (serverMessageOf(error) ?? 'Could not open the claim. Try again.')
          : 'No signal: open the claim when the phone is back online.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fa-form" onSubmit={(event) => void submit(event)} noValidate>
      <label className="fa-label" htmlFor={id}>
        Failing battery&apos;s serial (warranty claim)
      </label>
      <input
        id={id}
        className="fa-input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={100}
        aria-invalid={answer !== null && !answer.ok}
        value={serial}
        onChange={(event) => {
          setSerial(event.target.value);
          setAnswer(null);
        }}
      />
      {answer && (
        <p className={answer.ok ? 'fa-muted' : 'fa-error'} role={answer.ok ? 'status' : 'alert'}>
          {answer.text}
        </p>
      )}
      <button type="submit" className="fa-button" disabled={busy || answer?.ok === true}>
        Open warranty claim
      </button>
    </form>
  );
}
