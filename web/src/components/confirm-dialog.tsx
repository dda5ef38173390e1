import { useRef, type ReactNode } from 'react';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  /** The question; it also describes the dialog to screen readers. */
  description: ReactNode;
  /** The confirming button's label ('Decline Call', 'Delete'). */
  confirmLabel: string;
  /** Its label while the call runs ('Declining...'). */
  busyLabel: string;
  /** The call runs: both buttons are disabled and nothing closes the dialog. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** More about what is confirmed, under the question. */
  children?: ReactNode;
}

/**
 * Asks before something that cannot be undone (decline a call, delete a record): an alertdialog
 * that opens on Cancel, so Enter or a stray tap never confirms by itself.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title}
      description={description}
      role="alertdialog"
      onClose={onClose}
      dismissible={!busy}
      initialFocus={cancelRef}
      className="dialog-sm"
    >
      {children && <div className="dialog-body">{children}</div>}
      <div className="dialog-footer">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          onClick={onClose}
          disabled={busy}
        >
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
