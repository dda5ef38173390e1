import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { SOCKET_EVENTS, type SocketPayloads } from '@cincy/contracts';
import { authStore } from '../lib/auth-store';
import { applySocketEvent, refetchLiveQueries, type SocketEventName } from '../lib/live-cache';

/**
 * The live staff screens (the board, Inventory, User Management): the gateway pushes every change
 * over socket.io (cookie-authenticated) and each push is written straight into the cache
 * (lib/live-cache.ts). Each time the socket connects, the lists read before then are read again:
 * pushes may have been missed while it was closed (another screen, a dropped connection). When the
 * server closes the socket or refuses it, the session may have ended: the auth store asks.
 */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    // WebSocket only: no long-polling, so gateway replicas behind a proxy need no sticky sessions.
    const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });

    const names = Object.values(SOCKET_EVENTS) as SocketEventName[];
    const handlers = names.map((name) => {
      const handler = (payload: SocketPayloads[typeof name]) =>
        void applySocketEvent(queryClient, name, payload);
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
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.disconnect();
    };
  }, [enabled, queryClient]);
}
