import { useOptOut } from '../../../hooks/use-my-visit';
import { refusalMessage } from './track-view.util';

/**
 * "Stop texts and emails": a quiet button at the foot of the page. The server's answer (or why
 * it failed) replaces it in place and is read out.
 */
export function OptOut({ token }: { token: string }) {
  const stop = useOptOut(token);
  const error = stop.isError
    ? refusalMessage(stop.error, 'We could not stop the messages. Please try again.')
    : null;

  return (
    <div className="pub-opt-out">
      <p className="pub-small" role="status">
        {stop.data?.message ?? ''}
      </p>
      {!stop.isSuccess && (
        <button
          type="button"
          className="pub-link-button"
          aria-disabled={stop.isPending || undefined}
          onClick={() => {
            if (!stop.isPending) stop.mutate();
          }}
        >
          {stop.isPending ? 'Stopping...' : 'Stop texts and emails'}
        </button>
      )}
      {error && (
        <p className="pub-form-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
