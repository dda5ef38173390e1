import { TEXT_LIMITS } from '@cincy/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useCancelMyVisit } from '../../../hooks/use-my-visit';
import { PUBLIC_FIELD_LOOK, TextAreaField } from '../../../components/form-field';
import { refusalMessage } from './track-view.util';

interface CancelDialogProps {
  token: string;
  open: boolean;
  onClose: () => void;
  /** The answer: the visit as it now is (the page checks it is a whole view). */
  onCancelled: (answer: unknown) => void;
  /** A refusal may mean the visit moved on meanwhile: the page reads it again. */
  onRefused: () => void;
}

/**
 * "Cancel visit?": a native modal <dialog> (focus kept inside, Escape closes it), with an
 * optional reason. "Keep my visit" comes first and has the focus: the safe choice.
 */
export function CancelDialog({ token, open, onClose, onCancelled, onRefused }: CancelDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelMyVisit(token);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // React does not write `autofocus` into the page, so showModal would pick the reason field.
      keep.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cancel.isPending) return;
    setError(null);
    try {
      const answer = await cancel.mutateAsync(reason);
      // Closed first: while the modal is open, nothing behind it can take the focus.
      dialog.current?.close();
      onCancelled(answer);
    } catch (refused) {
      setError(refusalMessage(refused, 'We could not cancel your visit. Please try again.'));
      onRefused();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="pub-dialog"
      aria-labelledby="cancel-visit-title"
      onClose={onClose}
    >
      <form className="pub-form" onSubmit={onSubmit}>
        <h2 className="pub-card-title" id="cancel-visit-title">
          Cancel your visit?
        </h2>
        <p className="pub-small">The hour is freed for others. You can book again at any time.</p>
        <TextAreaField
          id="cancel-reason"
          name="reason"
          label="Reason (optional)"
          look={PUBLIC_FIELD_LOOK}
          hint={`Up to ${TEXT_LIMITS.cancelReason} characters.`}
          rows={3}
          maxLength={TEXT_LIMITS.cancelReason}
          value={reason}
          onChange={setReason}
        />
        {error && (
          <p className="pub-form-alert" role="alert">
            {error}
          </p>
        )}
        <div className="pub-actions pub-dialog-actions">
          <button
            type="button"
            className="pub-button pub-button--secondary"
            onClick={onClose}
            ref={keep}
          >
            Keep my visit
          </button>
          <button
            type="submit"
            className="pub-button pub-button--danger"
            aria-disabled={cancel.isPending || undefined}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel visit'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
