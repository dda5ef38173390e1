import { QueryClient } from '@tanstack/react-query';
import type {
  DashboardAppointment,
  InventoryItem,
  QueueEntry,
  User,
  UserLocation,
} from '@cincy/contracts';
import { dashboardAppointment } from '../../test/dashboard-appointment.fixture';
import { ALL_INVENTORY, BATTERY_INVENTORY, QUERY_KEYS } from '../api/query-keys';
import {
  LIVE_QUERY_KEYS,
  applySocketEvent,
  applySocketEvents,
  keepNewerAppointments,
  refetchLiveQueries,
  updateUserStatus,
  upsertAppointment,
  upsertBatteryItem,
  upsertInventoryItem,
} from './live-cache';

const TODAY = '2030-06-14';

const appointment = (id: number, version: number, extra: Partial<DashboardAppointment> = {}) =>
  dashboardAppointment(id, 'pending', { version, ...extra });

const battery = (
  id: number,
  quantity: number,
  category: string | null = 'battery',
): InventoryItem => ({
  id,
  name: `Battery ${id}`,
  description: null,
  sku: null,
  category,
  quantity,
  minQuantity: 1,
  unitCost: 100,
  price: null,
  warrantyMonths: 12,
  vanMinQuantity: 0,
  byLocation: [],
  notes: null,
});

describe('upsertAppointment', () => {
  it('replaces a cached appointment with a newer version, in place', () => {
    const list = [appointment(1, 1), appointment(2, 1)];
    const next = appointment(1, 2, { status: 'accepted' });
    expect(upsertAppointment(list, next)).toEqual([next, list[1]]);
  });

  it('ignores an older or equal version (a late push never moves a card back)', () => {
    const list = [appointment(1, 3, { status: 'en_route' })];
    expect(upsertAppointment(list, appointment(1, 2, { status: 'accepted' }))).toBe(list);
    expect(upsertAppointment(list, appointment(1, 3, { status: 'accepted' }))).toBe(list);
  });

  it('appends an appointment it does not know', () => {
    const list = [appointment(1, 1)];
    expect(upsertAppointment(list, appointment(2, 1))?.map((a) => a.id)).toEqual([1, 2]);
  });

  it('leaves a list that is not loaded yet alone', () => {
    expect(upsertAppointment(undefined, appointment(1, 1))).toBeUndefined();
  });
});

describe('keepNewerAppointments', () => {
  it("keeps a pushed state newer than the answer's, and takes the answer's list otherwise", () => {
    const cached = [appointment(1, 5, { status: 'completed' }), appointment(2, 1)];
    const fetched = [
      appointment(1, 4, { status: 'on_location' }),
      appointment(2, 2, { status: 'accepted' }),
    ];
    expect(keepNewerAppointments(cached, fetched).map((a) => [a.id, a.status])).toEqual([
      [1, 'completed'],
      [2, 'accepted'],
    ]);
    // The answer decides what is listed: a job gone from it is gone.
    expect(keepNewerAppointments(cached, [fetched[1]]).map((a) => a.id)).toEqual([2]);
    expect(keepNewerAppointments(undefined, fetched)).toBe(fetched);
    expect(keepNewerAppointments(fetched, fetched)).toBe(fetched);
  });
});

describe('applySocketEvents (the pushes of one frame)', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
  });
  afterEach(() => client.clear());

  const boardPush = (a: DashboardAppointment) => ({
    name: 'board.changed' as const,
    payload: { type: 'dispatch.appointment.opened', appointment: a },
  });

  it('writes a burst of bookings and changes to the board as one new list, by version', () => {
    client.setQueryData(QUERY_KEYS.appointments, [appointment(1, 1)]);
    const writes: unknown[] = [];
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === QUERY_KEYS.appointments[0])
        writes.push(event.query.state.data);
    });
    applySocketEvents(
      client,
      [
        boardPush(appointment(2, 1)),
        boardPush(appointment(1, 3, { status: 'en_route' })),
        boardPush(appointment(3, 1)),
        // Late: older than the state the same batch brought.
        boardPush(appointment(1, 2, { status: 'accepted' })),
        { name: 'queue.changed', payload: { queue: [] } },
        { name: 'board.changed', payload: { type: 'x' } as never },
      ],
      TODAY,
    );
    expect(writes).toHaveLength(1);
    const board = client.getQueryData<DashboardAppointment[]>(QUERY_KEYS.appointments);
    expect(board?.map((a) => [a.id, a.status])).toEqual([
      [1, 'en_route'],
      [2, 'pending'],
      [3, 'pending'],
    ]);
    // The other pushes of the frame are applied as they would be alone.
    expect(client.getQueryData(QUERY_KEYS.queue)).toEqual([]);
  });

  it('leaves the board alone for a batch without board pushes', () => {
    const list = [appointment(1, 1)];
    client.setQueryData(QUERY_KEYS.appointments, list);
    applySocketEvents(client, [{ name: 'queue.changed', payload: { queue: [] } }], TODAY);
    expect(client.getQueryData(QUERY_KEYS.appointments)).toBe(list);
  });
});

describe('upsertBatteryItem', () => {
  it('updates the stock of a battery and adds a new one', () => {
    expect(upsertBatteryItem([battery(1, 3)], battery(1, 2))).toEqual([battery(1, 2)]);
    expect(upsertBatteryItem([battery(1, 3)], battery(2, 5))).toEqual([
      battery(1, 3),
      battery(2, 5),
    ]);
  });

  it('drops an item that is no longer a battery and ignores other items', () => {
    const list = [battery(1, 3)];
    expect(upsertBatteryItem(list, battery(1, 3, 'accessory'))).toEqual([]);
    expect(upsertBatteryItem(list, battery(9, 3, null))).toBe(list);
  });
});

describe('applySocketEvent', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
  });
  afterEach(() => client.clear());

  it('writes board.changed into the appointments list by version', () => {
    client.setQueryData(QUERY_KEYS.appointments, [appointment(1, 1)]);
    applySocketEvent(
      client,
      'board.changed',
      {
        type: 'dispatch.appointment.accepted',
        appointment: appointment(1, 2, { status: 'accepted' }),
      },
      TODAY,
    );
    applySocketEvent(
      client,
      'board.changed',
      { type: 'dispatch.appointment.opened', appointment: appointment(1, 1) },
      TODAY,
    );
    expect(client.getQueryData<DashboardAppointment[]>(QUERY_KEYS.appointments)?.[0].status).toBe(
      'accepted',
    );
  });

  it("replaces today's stats and sales, and ignores another day's", () => {
    const stats = { completedToday: 2, tasksPerAvailableHour: 1.5, averageInstallTime: 19 };
    expect(applySocketEvent(client, 'stats.changed', { date: TODAY, stats }, TODAY)).toBe(true);
    expect(client.getQueryData(QUERY_KEYS.dashboardStats)).toEqual(stats);
    expect(
      applySocketEvent(
        client,
        'stats.changed',
        { date: '2030-06-13', stats: { ...stats, completedToday: 9 } },
        TODAY,
      ),
    ).toBe(false);
    expect(client.getQueryData(QUERY_KEYS.dashboardStats)).toEqual(stats);

    applySocketEvent(client, 'sales.changed', { date: TODAY, batteriesSold: 4 }, TODAY);
    applySocketEvent(client, 'sales.changed', { date: '2030-06-13', batteriesSold: 8 }, TODAY);
    expect(client.getQueryData(QUERY_KEYS.batteriesSoldToday)).toBe(4);
  });

  it('upserts team.changed into the user locations', () => {
    const user: UserLocation = {
      id: 5,
      name: 'Terry Tech',
      username: 'terry',
      role: 'technician',
      status: 'offline',
      currentLocation: null,
      lastSeen: null,
    };
    client.setQueryData(QUERY_KEYS.userLocations, [user]);
    const online = {
      ...user,
      status: 'online' as const,
      currentLocation: { lat: 39.1, lng: -84.5 },
    };
    applySocketEvent(client, 'team.changed', { user: online }, TODAY);
    expect(client.getQueryData(QUERY_KEYS.userLocations)).toEqual([online]);
  });

  it("updates the dialog's battery list from inventory.changed", () => {
    const key = QUERY_KEYS.inventory(BATTERY_INVENTORY);
    client.setQueryData(key, [battery(1, 3)]);
    applySocketEvent(client, 'inventory.changed', { item: battery(1, 2), movement: null }, TODAY);
    expect(client.getQueryData(key)).toEqual([battery(1, 2)]);
  });

  it('ignores a payload without what it needs', () => {
    expect(applySocketEvent(client, 'board.changed', {} as never, TODAY)).toBe(false);
    expect(applySocketEvent(client, 'team.changed', null as never, TODAY)).toBe(false);
  });
});

describe('upsertInventoryItem (the Inventory screen and filtered lists)', () => {
  const item = (id: number, name: string, quantity: number, minQuantity = 2): InventoryItem => ({
    ...battery(id, quantity),
    name,
    minQuantity,
  });

  it('updates an item in place and adds a new one in name order', () => {
    const list = [item(1, 'Alpha', 5), item(2, 'Charlie', 5)];
    expect(upsertInventoryItem(list, item(2, 'Charlie', 4))).toEqual([
      item(1, 'Alpha', 5),
      item(2, 'Charlie', 4),
    ]);
    expect(upsertInventoryItem(list, item(3, 'bravo', 1))?.map((i) => i.name)).toEqual([
      'Alpha',
      'bravo',
      'Charlie',
    ]);
  });

  it('keeps a low-stock list to the items at or below their minimum', () => {
    const low = { lowStock: true };
    const list = [item(1, 'Alpha', 2)];
    expect(upsertInventoryItem(list, item(1, 'Alpha', 3), low)).toEqual([]);
    expect(upsertInventoryItem([], item(2, 'Bravo', 2), low)).toEqual([item(2, 'Bravo', 2)]);
  });
});

describe('applySocketEvent for the office screens', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
  });
  afterEach(() => client.clear());

  it("writes inventory.changed into the Inventory screen's list and the battery list alike", () => {
    client.setQueryData(QUERY_KEYS.inventory(ALL_INVENTORY), [
      battery(1, 3),
      battery(2, 9, 'supply'),
    ]);
    client.setQueryData(QUERY_KEYS.inventory(BATTERY_INVENTORY), [battery(1, 3)]);
    applySocketEvent(client, 'inventory.changed', { item: battery(1, 2), movement: null }, TODAY);
    expect(client.getQueryData(QUERY_KEYS.inventory(ALL_INVENTORY))).toEqual([
      battery(1, 2),
      battery(2, 9, 'supply'),
    ]);
    expect(client.getQueryData(QUERY_KEYS.inventory(BATTERY_INVENTORY))).toEqual([battery(1, 2)]);
  });

  it('drops an item from every list on inventory.removed', () => {
    client.setQueryData(QUERY_KEYS.inventory(ALL_INVENTORY), [battery(1, 3), battery(2, 4)]);
    client.setQueryData(QUERY_KEYS.inventory(BATTERY_INVENTORY), [battery(1, 3)]);
    expect(applySocketEvent(client, 'inventory.removed', { itemId: 1 }, TODAY)).toBe(true);
    expect(client.getQueryData(QUERY_KEYS.inventory(ALL_INVENTORY))).toEqual([battery(2, 4)]);
    expect(client.getQueryData(QUERY_KEYS.inventory(BATTERY_INVENTORY))).toEqual([]);
    expect(applySocketEvent(client, 'inventory.removed', {} as never, TODAY)).toBe(false);
  });

  it("sets a user's status in User Management's list from team.changed", () => {
    const user: User = {
      id: 5,
      name: 'Terry Tech',
      username: 'terry',
      role: 'technician',
      employeeId: null,
      status: 'available',
      zipCode: null,
      email: null,
      createdAt: '2030-06-01T12:00:00.000Z',
    };
    client.setQueryData(QUERY_KEYS.users, [user]);
    const location: UserLocation = {
      id: 5,
      name: 'Terry Tech',
      username: 'terry',
      role: 'technician',
      status: 'online',
      currentLocation: null,
      lastSeen: null,
    };
    applySocketEvent(client, 'team.changed', { user: location }, TODAY);
    expect(client.getQueryData<User[]>(QUERY_KEYS.users)).toEqual([{ ...user, status: 'online' }]);
  });
});

describe('updateUserStatus', () => {
  it('leaves the list alone for an unknown user or an unchanged status', () => {
    const list: User[] = [];
    const location = { id: 1, status: 'online' } as UserLocation;
    expect(updateUserStatus(list, location)).toBe(list);
    expect(updateUserStatus(undefined, location)).toBeUndefined();
  });
});

describe('refetchLiveQueries', () => {
  it('with a connect time, reads again only the lists read before it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const old = jest.fn(async () => [battery(1, 3)]);
    const fresh = jest.fn(async () => 1);
    client
      .getQueryCache()
      .build(client, { queryKey: QUERY_KEYS.inventory(ALL_INVENTORY), queryFn: old });
    client.setQueryData(QUERY_KEYS.inventory(ALL_INVENTORY), [battery(1, 3)], { updatedAt: 1_000 });
    client
      .getQueryCache()
      .build(client, { queryKey: QUERY_KEYS.batteriesSoldToday, queryFn: fresh });
    client.setQueryData(QUERY_KEYS.batteriesSoldToday, 1, { updatedAt: 5_000 });
    await refetchLiveQueries(client, 2_000);
    expect(client.getQueryState(QUERY_KEYS.inventory(ALL_INVENTORY))?.isInvalidated).toBe(true);
    expect(client.getQueryState(QUERY_KEYS.batteriesSoldToday)?.isInvalidated).toBe(false);
    client.clear();
  });
});

describe('applySocketEvent for the ASAP queue and the dispatch mode', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
  });
  afterEach(() => client.clear());

  const entry: QueueEntry = {
    appointmentId: 4,
    position: 1,
    customerName: 'Ann Lee',
    priority: 'normal',
    status: 'pending',
    requestedAt: '2030-06-14T12:00:00.000Z',
    technicianId: 7,
    technicianName: 'Dana',
    estimatedWaitMinutes: 12,
    estimatedArrivalAt: '2030-06-14T12:12:00.000Z',
  };

  it('replaces the queue with the one queue.changed carries', () => {
    client.setQueryData<QueueEntry[]>(QUERY_KEYS.queue, []);
    expect(applySocketEvent(client, 'queue.changed', { queue: [entry] }, TODAY)).toBe(true);
    expect(client.getQueryData(QUERY_KEYS.queue)).toEqual([entry]);
    expect(applySocketEvent(client, 'queue.changed', { queue: [] }, TODAY)).toBe(true);
    expect(client.getQueryData(QUERY_KEYS.queue)).toEqual([]);
  });

  it('replaces the dispatch mode with the one settings.changed carries', () => {
    client.setQueryData(QUERY_KEYS.dispatchSettings, { autoDispatch: false });
    expect(
      applySocketEvent(client, 'settings.changed', { settings: { autoDispatch: true } }, TODAY),
    ).toBe(true);
    expect(client.getQueryData(QUERY_KEYS.dispatchSettings)).toEqual({ autoDispatch: true });
  });

  it('ignores a queue or settings payload without what it needs', () => {
    client.setQueryData(QUERY_KEYS.queue, [entry]);
    client.setQueryData(QUERY_KEYS.dispatchSettings, { autoDispatch: true });
    expect(applySocketEvent(client, 'queue.changed', {} as never, TODAY)).toBe(false);
    expect(applySocketEvent(client, 'settings.changed', { settings: {} } as never, TODAY)).toBe(
      false,
    );
    expect(client.getQueryData(QUERY_KEYS.queue)).toEqual([entry]);
    expect(client.getQueryData(QUERY_KEYS.dispatchSettings)).toEqual({ autoDispatch: true });
  });

  it('reads the queue and the mode again after a reconnect', () => {
    expect(LIVE_QUERY_KEYS).toEqual(
      expect.arrayContaining([QUERY_KEYS.queue, QUERY_KEYS.dispatchSettings]),
    );
  });
});
