import { SOCKET_EVENTS, type DashboardAppointment, type SocketPayloads } from '@cincy/contracts';
import { markPush } from '../../lib/push-mark';

/**
 * The board's live socket, loaded after the first screen is drawn (socket.io is not on it): each
 * pushed job goes on screen as it comes (`onJob`), and every (re)connection reads the jobs again
 * (`onConnect`: pushes may have been missed meanwhile); a close by the server reads them too
 * (`onClosedByServer`: a 401 there shows the sign-in). Returns the stop.
 */
export function startLiveUpdates(handlers: {
  onJob: (job: DashboardAppointment) => void;
  onConnect: () => void;
  /** The server closed the socket (the session ended: signed out elsewhere, by an admin). */
  onClosedByServer: () => void;
}): () => void {
  let stopped = false;
  let close = () => undefined as void;
  void import('socket.io-client').then(({ io }) => {
    if (stopped) return;
    // WebSocket only, as the back office: replicas behind a proxy need no sticky sessions.
    const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
    socket.on(SOCKET_EVENTS.boardChanged, (payload: SocketPayloads['board.changed']) => {
      const job = payload?.appointment;
      if (typeof job?.id !== 'number') return;
      markPush(job);
      handlers.onJob(job);
    });
    socket.on('connect', handlers.onConnect);
    // A server's close is not retried by socket.io: whether the session stands is asked instead.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') handlers.onClosedByServer();
    });
    close = () => socket.close();
  });
  return () => {
    stopped = true;
    close();
  };
}
