import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { SOCKET_EVENTS, type SocketPayloads } from '@cincy/contracts';
import { applySocketEvent, refetchLiveQueries, type SocketEventName } from '../lib/live-cache';

/**
 * Staff-only live board: the gateway pushes every change over socket.io (cookie-authenticated) and
 * each push is written straight into the cache (lib/live-cache.ts). After a reconnect we may have
 * missed pushes, so everything the pushes keep fresh is refetched.
 */
export function useBoardUpdates(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const socket = io({ path: '/socket.io', withCredentials: true });

    const names = Object.values(SOCKET_EVENTS) as SocketEventName[];
    const handlers = names.map((name) => {
      const handler = (payload: SocketPayloads[typeof name]) =>
        void applySocketEvent(queryClient, name, payload);
      socket.on(name, handler);
      return () => socket.off(name, handler);
    });
    const onReconnect = () => void refetchLiveQueries(queryClient);
    socket.io.on('reconnect', onReconnect);

    return () => {
      for (const off of handlers) off();
      socket.io.off('reconnect', onReconnect);
      socket.disconnect();
    };
  }, [enabled, queryClient]);
}
