import { SOCKET_EVENTS } from '@cincy/contracts';

/** Pushes close together are one read of the jobs. */
const SETTLE_MS = 300;

/**
 * The board's live socket, loaded after the first screen is drawn (socket.io is not on it): any
 * change of a job, and every (re)connection (pushes may have been missed), reads the jobs again.
 * Returns the stop.
 */
export function startLiveUpdates(onChange: () => void): () => void {
  let stopped = false;
  let close = () => undefined as void;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, SETTLE_MS);
  };
  void import('socket.io-client').then(({ io }) => {
    if (stopped) return;
    // WebSocket only, as the back office: replicas behind a proxy need no sticky sessions.
    const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
    socket.on(SOCKET_EVENTS.boardChanged, changed);
    socket.on('connect', changed);
    close = () => socket.close();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    close();
  };
}
