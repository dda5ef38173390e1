import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';

export interface ConfirmDeleteOptions {
  title: string;
  /** The question, and what else the deletion means. */
  content: ReactNode;
  /** Runs the deletion; the dialog shows 'Delete' busy until it settles, then closes. */
  onConfirm: () => Promise<unknown>;
  /** The confirming button's word when it is not 'Delete' ('Remove', 'Sign out'). */
  okText?: string;
}

/**
 * Every "are you sure" before a deletion: antd's confirm, opened on Cancel so Enter or a stray tap
 * never confirms by itself; the Delete button is busy while the call runs.
 */
export function useConfirmDelete(): (options: ConfirmDeleteOptions) => void {
  const { modal } = App.useApp();
  return useCallback(
    ({ title, content, onConfirm, okText = 'Delete' }: ConfirmDeleteOptions) => {
      modal.confirm({
        title,
        content,
        okText,
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        focusable: { autoFocusButton: 'cancel' },
        // Settles either way: a refusal is a toast, and the dialog closes as it did before.
        onOk: () => onConfirm().catch(() => undefined),
      });
    },
    [modal],
  );
}
