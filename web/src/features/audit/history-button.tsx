import { Button, type ButtonProps } from 'antd';
import { Suspense, lazy, useState } from 'react';
import type { SignedInUser } from '@cincy/contracts';
import type { HistoryTarget } from './history-drawer';
import { HISTORY_TEXTS, seesHistory } from './history.util';

// The drawer is a chunk of its own, fetched when an admin first opens one.
const HistoryDrawer = lazy(() =>
  import('./history-drawer').then((m) => ({ default: m.HistoryDrawer })),
);

interface Props extends HistoryTarget {
  /** The signed-in user: anyone but an admin gets nothing (the server answers 403 anyway). */
  user: Pick<SignedInUser, 'role'>;
  size?: ButtonProps['size'];
  block?: boolean;
  style?: ButtonProps['style'];
}

/** "History" and its drawer; the button names its thing to screen readers ("History: Jane Doe"). */
export function HistoryButton({ user, entity, id, name, size = 'small', block, style }: Props) {
  // `drawn`: opened once, so the drawer stays mounted and closes with its animation.
  const [state, setState] = useState({ open: false, drawn: false });
  if (!seesHistory(user)) return null;
  return (
    <>
      <Button
        size={size}
        block={block}
        style={style}
        aria-label={`${HISTORY_TEXTS.action}: ${name}`}
        aria-haspopup="dialog"
        aria-expanded={state.open}
        onClick={() => setState({ open: true, drawn: true })}
      >
        {HISTORY_TEXTS.action}
      </Button>
      {state.drawn && (
        <Suspense fallback={null}>
          <HistoryDrawer
            entity={entity}
            id={id}
            name={name}
            open={state.open}
            onClose={() => setState({ open: false, drawn: true })}
          />
        </Suspense>
      )}
    </>
  );
}
