import { useCallback, useState } from 'react';

/**
 * What a screen's modal is open for. The target outlives `open` until the closing animation has
 * ended (`afterClose`), so the dialog keeps its content while it fades out.
 */
export function useModalTarget<T>() {
  const [state, setState] = useState<{ target: T | null; open: boolean }>({
    target: null,
    open: false,
  });
  const show = useCallback((target: T) => setState({ target, open: true }), []);
  const hide = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const afterClose = useCallback(() => setState({ target: null, open: false }), []);
  return { target: state.target, open: state.open, show, hide, afterClose };
}
