// What the server pushes over socket.io, written into the react-query cache: the board, the
// counts, the team and the battery stock follow every change without a refetch.
import type { QueryClient } from '@tanstack/react-query';
import {
  SOCKET_EVENTS,
  businessDate,
  type DashboardAppointment,
  type DashboardStats,
  type InventoryItem,
  type SocketPayloads,
  type UserLocation,
} from '@cincy/contracts';
import { BATTERY_INVENTORY, QUERY_KEYS } from '../api/query-keys';

/**
 * Upserts one appointment by id, only if it is newer (`version`) than the cached copy, so a late
 * push or a slow answer never moves a card backwards. Known ids keep their place; new ones are
 * appended. Returns the same list when nothing changes.
 */
export function upsertAppointment(
  list: DashboardAppointment[] | undefined,
  next: DashboardAppointment,
): DashboardAppointment[] | undefined {
  // Not loaded yet: the fetch in flight will include it.
  if (!list) return list;
  const index = list.findIndex((a) => a.id === next.id);
  if (index === -1) return [...list, next];
  if (list[index].version >= next.version) return list;
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/** Replaces the entry with the same id, or appends it (lists without versions). */
export function upsertById<T extends { id: number }>(
  list: T[] | undefined,
  next: T,
): T[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.id === next.id);
  if (index === -1) return [...list, next];
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/** The battery list follows an item: updated or added while it is a battery, dropped otherwise. */
export function upsertBatteryItem(
  list: InventoryItem[] | undefined,
  item: InventoryItem,
): InventoryItem[] | undefined {
  if (!list) return list;
  if (item.category === BATTERY_INVENTORY.category) return upsertById(list, item);
  return list.some((i) => i.id === item.id) ? list.filter((i) => i.id !== item.id) : list;
}

/** Writes an appointment the server answered or pushed (the board's one way in). */
export function writeAppointment(client: QueryClient, appointment: DashboardAppointment): void {
  client.setQueryData<DashboardAppointment[]>(QUERY_KEYS.appointments, (list) =>
    upsertAppointment(list, appointment),
  );
}

export type SocketEventName = keyof SocketPayloads;

/**
 * Applies one push to the cache. Counts are per business day: one for another day (a push sent
 * just before midnight) is ignored. Returns false when the payload is not one it can use.
 */
export function applySocketEvent<K extends SocketEventName>(
  client: QueryClient,
  name: K,
  payload: SocketPayloads[K],
  today: string = businessDate(),
): boolean {
  if (!payload || typeof payload !== 'object') return false;
  switch (name) {
    case SOCKET_EVENTS.boardChanged: {
      const { appointment } = payload as SocketPayloads['board.changed'];
      if (typeof appointment?.id !== 'number') return false;
      writeAppointment(client, appointment);
      return true;
    }
    case SOCKET_EVENTS.statsChanged: {
      const { date, stats } = payload as SocketPayloads['stats.changed'];
      if (date !== today || !stats) return false;
      client.setQueryData<DashboardStats>(QUERY_KEYS.dashboardStats, stats);
      return true;
    }
    case SOCKET_EVENTS.salesChanged: {
      const { date, batteriesSold } = payload as SocketPayloads['sales.changed'];
      if (date !== today || typeof batteriesSold !== 'number') return false;
      client.setQueryData<number>(QUERY_KEYS.batteriesSoldToday, batteriesSold);
      return true;
    }
    case SOCKET_EVENTS.teamChanged: {
      const { user } = payload as SocketPayloads['team.changed'];
      if (typeof user?.id !== 'number') return false;
      client.setQueryData<UserLocation[]>(QUERY_KEYS.userLocations, (list) =>
        upsertById(list, user),
      );
      return true;
    }
    case SOCKET_EVENTS.inventoryChanged: {
      const { item } = payload as SocketPayloads['inventory.changed'];
      if (typeof item?.id !== 'number') return false;
      client.setQueryData<InventoryItem[]>(QUERY_KEYS.inventory(BATTERY_INVENTORY), (list) =>
        upsertBatteryItem(list, item),
      );
      return true;
    }
    default:
      return false;
  }
}

/** Every list the pushes keep fresh: refetched after a reconnect, when pushes may have been missed. */
export const LIVE_QUERY_KEYS = [
  QUERY_KEYS.appointments,
  QUERY_KEYS.dashboardStats,
  QUERY_KEYS.batteriesSoldToday,
  QUERY_KEYS.userLocations,
  QUERY_KEYS.inventoryAll,
] as const;

export function refetchLiveQueries(client: QueryClient): Promise<void> {
  return Promise.all(
    LIVE_QUERY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
