import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { SOCKET_EVENTS, type BoardChanged, type DashboardAppointment } from '@cincy/contracts';
import { QUERY_KEYS } from '../api/query-keys';

/** Upserts one appointment by id, keeping the list's order for known ids and appending new ones. */
export function upsertAppointment(
  list: DashboardAppointment[] | undefined,
  next: DashboardAppointment,
): DashboardAppointment[] | undefined {
  // Not loaded yet: the fetch in flight will include it.
  if (!list) return list;
  const index = list.findIndex((a) => a.id === next.id);
  if (index === -1) return [...list, next];
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/**
 * Staff-only live board: the gateway pushes `board.changed` over socket.io (cookie-authenticated)
 * and the appointment is written straight into the cache. After a reconnect we may have missed
 * pushes, so the list is refetched.
 */
export function useBoardUpdates(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const socket = io({ path: '/socket.io', withCredentials: true });

    const onBoardChanged = (payload: BoardChanged) => {
      if (!payload?.appointment || typeof payload.appointment.id !== 'number') return;
      queryClient.setQueryData<DashboardAppointment[]>(QUERY_KEYS.appointments, (list) =>
        upsertAppointment(list, payload.appointment),
      );
    };
    const onReconnect = () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.appointments });
    };

    socket.on(SOCKET_EVENTS.boardChanged, onBoardChanged);
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.off(SOCKET_EVENTS.boardChanged, onBoardChanged);
      socket.io.off('reconnect', onReconnect);
      socket.disconnect();
    };
  }, [enabled, queryClient]);
}
