import { useEffect } from 'react';
import { defaultScheduler, notifyManager, useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { SOCKET_EVENTS, type SocketPayloads } from '@cincy/contracts';
import { authStore } from '../lib/auth-store';
import { markPush } from '../lib/push-mark';
import { frameBatch } from '../lib/frame-batch';
import {
  applySocketEvents,
  refetchLiveQueries,
  type SocketEventName,
  type SocketPush,
} from '../lib/live-cache';

/**
 * Runs `write` and tells the screens of its cache changes at once rather than in a later task (the
 * cache's default): React then renders the batch within this frame, before it is painted.
 */
function notifyInThisFrame(write: () => void) {
  notifyManager.setScheduler((notify) => notify());
  try {
    write();
  } finally {
    notifyManager.setScheduler(defaultScheduler);
  }
}

/** The bench's mark as a board push arrives (lib/push-mark.ts). */
function markBoardPush(payload: unknown) {
  const appointment = (payload as Partial<SocketPayloads['board.changed']> | null)?.appointment;
  if (typeof appointment?.id === 'number') markPush(appointment);
}

/**
 * The live staff screens (the board, Inventory, User Management): the gateway pushes every change
 * over socket.io (cookie-authenticated) and the pushes of each frame are written into the cache
 * together (lib/live-cache.ts), so a burst of bookings is one render. Each time the socket connects, the lists read before then are read again:
 * pushes may have been missed while it was closed (another screen, a dropped connection). When the
 * server closes the socket or refuses it, the session may have ended: the auth store asks.
 */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    // WebSocket only: no long-polling, so gateway replicas behind a proxy need no sticky sessions.
    const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });

    const pushes = frameBatch<SocketPush>((batch) =>
      notifyInThisFrame(() => applySocketEvents(queryClient, batch)),
    );
    const names = Object.values(SOCKET_EVENTS) as SocketEventName[];
    const handlers = names.map((name) => {
      const handler = (payload: SocketPayloads[typeof name]) => {
        if (name === SOCKET_EVENTS.boardChanged) markBoardPush(payload);
        pushes.add({ name, payload } as SocketPush);
      };
      socket.on(name, handler);
      return () => socket.off(name, handler);
    });
    const onConnect = () => void refetchLiveQueries(queryClient, Date.now());
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') void authStore.recheck();
    };
    const onConnectError = (error: Error) => {
      if (error.message === 'unauthenticated') void authStore.recheck();
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);

    return () => {
      for (const off of handlers) off();
      pushes.cancel();
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.disconnect();
    };
  }, [enabled, queryClient]);
}
