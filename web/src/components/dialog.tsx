import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

interface DialogProps {
  title: string;
  /** A line under the title; it also describes the dialog to screen readers. */
  description?: ReactNode;
  /** Escape, the close button and a click on the backdrop ask for this. */
  onClose: () => void;
  /** False while the dialog is busy (saving): nothing closes it. Default true. */
  dismissible?: boolean;
  /** A click beside the dialog closes it. Default true; a form with typed data says false. */
  closeOnBackdrop?: boolean;
  /** 'alertdialog' for a confirmation. */
  role?: 'dialog' | 'alertdialog';
  /** Focused when the dialog opens; default the first control after the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
  );
}

/**
 * A modal dialog in plain React, for every screen: open while mounted, layered at z-index 9999
 * (under the toasts, which stay readable), labelled by its title, focus kept inside (Tab and
 * Shift+Tab wrap), Escape closes unless busy, and focus goes back where it was on close.
 */
export function Dialog({
  title,
  description,
  onClose,
  dismissible = true,
  closeOnBackdrop = true,
  role = 'dialog',
  initialFocus,
  className,
  children,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest props for the listeners, which are attached once.
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const returnTo = document.activeElement as HTMLElement | null;
    const first = focusables(panel).find((el) => !el.classList.contains('dialog-close'));
    (initialFocus?.current ?? first ?? panel).focus();

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        if (latest.current.dismissible) latest.current.onClose();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(panel);
      if (items.length === 0) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !panel.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus();
    };
    // Runs once per opening: the dialog is open while it is mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div
      className="dialog-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible && closeOnBackdrop) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={['dialog', className].filter(Boolean).join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="dialog-head">
          <div>
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="dialog-description">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            className="dialog-close"
            aria-label="Close"
            onClick={onClose}
            disabled={!dismissible}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
