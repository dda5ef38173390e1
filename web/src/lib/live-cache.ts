// What the server pushes over socket.io, written into the react-query cache: the board, the
// counts, the team, the users' status and the stock follow every change without a refetch.
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import {
  SOCKET_EVENTS,
  businessDate,
  type DashboardAppointment,
  type DashboardStats,
  type DispatchSettings,
  type InventoryItem,
  type QueueEntry,
  type SocketPayloads,
  type User,
  type UserLocation,
  isLowStock,
} from '@cincy/contracts';
import type { InventoryQuery } from '../api/inventory';
import { upsertAppointment } from './appointment-versions';
import { BATTERY_INVENTORY, QUERY_KEYS } from '../api/query-keys';

export { keepNewerAppointments, upsertAppointment } from './appointment-versions';

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

/** Does an item belong in a list with this filter (GET /api/inventory's category and lowStock)? */
export function matchesInventoryQuery(item: InventoryItem, query: InventoryQuery): boolean {
  if (query.category && item.category !== query.category) return false;
  if (query.lowStock && !isLowStock(item)) return false;
  return true;
}

let nameCollator: Intl.Collator | undefined;
const byName = (a: InventoryItem, b: InventoryItem) => {
  // Made once (localeCompare with options builds a collator on every call).
  nameCollator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return nameCollator.compare(a.name, b.name) || a.id - b.id;
};

/**
 * An inventory list follows an item: updated in place while it matches the list's filter, added
 * in name order (the server's order) when it is new, dropped when it no longer matches.
 */
export function upsertInventoryItem(
  list: InventoryItem[] | undefined,
  item: InventoryItem,
  query: InventoryQuery = {},
): InventoryItem[] | undefined {
  if (!list) return list;
  const index = list.findIndex((i) => i.id === item.id);
  if (!matchesInventoryQuery(item, query))
    return index === -1 ? list : list.filter((i) => i.id !== item.id);
  if (index === -1) return [...list, item].sort(byName);
  const copy = list.slice();
  copy[index] = item;
  return copy;
}

/** The completion dialog's battery list follows an item: kept while it is a battery. */
export function upsertBatteryItem(
  list: InventoryItem[] | undefined,
  item: InventoryItem,
): InventoryItem[] | undefined {
  return upsertInventoryItem(list, item, BATTERY_INVENTORY);
}

/** An item left the stock (erased or retired): it leaves every list. */
export function removeById<T extends { id: number }>(
  list: T[] | undefined,
  id: number,
): T[] | undefined {
  if (!list || !list.some((item) => item.id === id)) return list;
  return list.filter((item) => item.id !== id);
}

/** The filter of a cached inventory list, read back from its key (`QUERY_KEYS.inventory`). */
function inventoryQueryOf(queryKey: readonly unknown[]): InventoryQuery {
  const params = (queryKey[1] ?? {}) as { category?: string | null; lowStock?: boolean };
  return {
    category: params.category === 'battery' ? 'battery' : undefined,
    lowStock: params.lowStock === true,
  };
}

/**
 * Writes an item the server answered or pushed into every cached inventory list, each by its
 * filter: the completion dialog's batteries and the Inventory screen's list.
 */
export function writeInventoryItem(client: QueryClient, item: InventoryItem): void {
  for (const query of client.getQueryCache().findAll({ queryKey: QUERY_KEYS.inventoryAll })) {
    const filter = inventoryQueryOf(query.queryKey);
    client.setQueryData<InventoryItem[]>(query.queryKey, (list) =>
      upsertInventoryItem(list, item, filter),
    );
  }
}

/** Drops an item from every cached inventory list. */
export function dropInventoryItem(client: QueryClient, itemId: number): void {
  client.setQueriesData<InventoryItem[]>({ queryKey: QUERY_KEYS.inventoryAll }, (list) =>
    removeById(list, itemId),
  );
}

/** User Management's list follows the team's status (set automatically, never by an admin). */
export function updateUserStatus(list: User[] | undefined, user: UserLocation): User[] | undefined {
  if (!list) return list;
  const index = list.findIndex((u) => u.id === user.id);
  if (index === -1 || list[index].status === user.status) return list;
  const copy = list.slice();
  copy[index] = { ...copy[index], status: user.status };
  return copy;
}

/**
 * Writes appointments the server answered or pushed (the board's one way in): one new list for
 * all of them, so a batch of pushes is one change of the board.
 */
export function writeAppointment(
  client: QueryClient,
  ...appointments: DashboardAppointment[]
): void {
  client.setQueryData<DashboardAppointment[]>(QUERY_KEYS.appointments, (list) =>
    appointments.reduce(upsertAppointment, list),
  );
}

export type SocketEventName = keyof SocketPayloads;

/** One push as it arrived: the event's name and its payload. */
export type SocketPush = {
  [K in SocketEventName]: { name: K; payload: SocketPayloads[K] };
}[SocketEventName];

/** The appointment a board.changed push carries, or undefined when it has none. */
function pushedAppointment(payload: unknown): DashboardAppointment | undefined {
  const { appointment } = (payload ?? {}) as Partial<SocketPayloads['board.changed']>;
  return typeof appointment?.id === 'number' ? appointment : undefined;
}

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
      const appointment = pushedAppointment(payload);
      if (!appointment) return false;
      writeAppointment(client, appointment);
      // The Day view places jobs by time on the server: read it again.
      void client.invalidateQueries({ queryKey: QUERY_KEYS.dayAll });
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
      client.setQueryData<User[]>(QUERY_KEYS.users, (list) => updateUserStatus(list, user));
      return true;
    }
    case SOCKET_EVENTS.inventoryChanged: {
      const { item } = payload as SocketPayloads['inventory.changed'];
      if (typeof item?.id !== 'number') return false;
      writeInventoryItem(client, item);
      return true;
    }
    case SOCKET_EVENTS.inventoryRemoved: {
      const { itemId } = payload as SocketPayloads['inventory.removed'];
      if (typeof itemId !== 'number') return false;
      dropInventoryItem(client, itemId);
      return true;
    }
    case SOCKET_EVENTS.scheduleChanged: {
      const { schedule } = payload as SocketPayloads['schedule.changed'];
      if (typeof schedule?.technicianId !== 'number') return false;
      // Today's shifts and 'on shift now' are the server's to work out: read both screens again.
      void client.invalidateQueries({ queryKey: QUERY_KEYS.schedules });
      void client.invalidateQueries({ queryKey: QUERY_KEYS.dayAll });
      return true;
    }
    case SOCKET_EVENTS.queueChanged: {
      const { queue } = payload as SocketPayloads['queue.changed'];
      if (!Array.isArray(queue)) return false;
      client.setQueryData<QueueEntry[]>(QUERY_KEYS.queue, queue);
      return true;
    }
    case SOCKET_EVENTS.settingsChanged: {
      const { settings } = payload as SocketPayloads['settings.changed'];
      if (typeof settings?.autoDispatch !== 'boolean') return false;
      client.setQueryData<DispatchSettings>(QUERY_KEYS.dispatchSettings, settings);
      return true;
    }
    default:
      return false;
  }
}

/**
 * Applies the pushes that arrived within one frame as one change: the board's appointments are
 * written in one pass (and the Day view read again once), and the screens are told once at the
 * end, so React renders once per batch however many bookings came in.
 */
export function applySocketEvents(
  client: QueryClient,
  pushes: readonly SocketPush[],
  today: string = businessDate(),
): void {
  notifyManager.batch(() => {
    const board: DashboardAppointment[] = [];
    for (const push of pushes) {
      if (push.name !== SOCKET_EVENTS.boardChanged)
        applySocketEvent(client, push.name, push.payload, today);
      else {
        const appointment = pushedAppointment(push.payload);
        if (appointment) board.push(appointment);
      }
    }
    if (board.length === 0) return;
    writeAppointment(client, ...board);
    void client.invalidateQueries({ queryKey: QUERY_KEYS.dayAll });
  });
}

/** Every list the pushes keep fresh: refetched after a reconnect, when pushes may have been missed. */
export const LIVE_QUERY_KEYS = [
  QUERY_KEYS.appointments,
  QUERY_KEYS.dashboardStats,
  QUERY_KEYS.batteriesSoldToday,
  QUERY_KEYS.userLocations,
  QUERY_KEYS.inventoryAll,
  QUERY_KEYS.users,
  QUERY_KEYS.schedules,
  QUERY_KEYS.dayAll,
  QUERY_KEYS.queue,
  QUERY_KEYS.dispatchSettings,
] as const;

/**
 * Refetches what the pushes keep fresh. With `olderThan` (when the socket connected), only lists
 * read before then and not being read now: a screen opened again after a while without a socket
 * catches up, while a list that loaded with the socket is not read twice. Lists no screen shows
 * are marked stale and read when one does.
 */
export function refetchLiveQueries(client: QueryClient, olderThan?: number): Promise<void> {
  return Promise.all(
    LIVE_QUERY_KEYS.map((queryKey) =>
      client.invalidateQueries({
        queryKey,
        predicate:
          olderThan === undefined
            ? undefined
            : (query) =>
                query.state.fetchStatus === 'idle' && query.state.dataUpdatedAt < olderThan,
      }),
    ),
  ).then(() => undefined);
}
