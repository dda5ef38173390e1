import { TRACK_SOCKET, type TrackingView } from '@cincy/contracts';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { whenIdle } from '../../../lib/when-idle';
import { isTrackingView } from './track-view.util';

/** How long to wait before opening again a socket the server closed (a restart, a deploy). */
const REOPEN_AFTER_MS = 5_000;

interface TrackSocketHandlers {
  /** A new view of the visit, pushed as it changes (a status, the van's position). */
  onView: (view: TrackingView) => void;
  /** The socket (re)connected: pushes may have been missed while it was closed. */
  onConnect: () => void;
}

/**
 * The visit's live updates over socket.io (namespace `/track`, the token as its auth). The client
 * library is fetched after the first paint (a dynamic import), so it is not in the page's first
 * bundle. socket.io reconnects by itself after a dropped connection; a socket the server closed
 * is opened again after a pause. `enabled` is false once the visit is over.
 */
export function useTrackSocket(token: string, enabled: boolean, handlers: TrackSocketHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    let socket: Socket | undefined;
    let stopped = false;
    let reopen: number | undefined;

    const open = async () => {
      const { io } = await import('socket.io-client');
      if (stopped) return;
      // WebSocket only, like the staff screens: no long-polling, no sticky sessions needed.
      socket = io(TRACK_SOCKET.namespace, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
      });
      socket.on(TRACK_SOCKET.changed, (payload: unknown) => {
        if (isTrackingView(payload)) latest.current.onView(payload);
      });
      socket.on('connect', () => latest.current.onConnect());
      socket.on('disconnect', (reason) => {
        if (reason !== 'io server disconnect') return; // the client reconnects by itself
        reopen = window.setTimeout(() => socket?.connect(), REOPEN_AFTER_MS);
      });
    };

    // After the first paint and what the browser has to do first.
    const cancelOpen = whenIdle(() => void open(), 2_000);

    return () => {
      stopped = true;
      cancelOpen();
      window.clearTimeout(reopen);
      socket?.disconnect();
    };
  }, [token, enabled]);
}
