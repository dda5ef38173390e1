import { QueryClient } from '@tanstack/react-query';
import type { DashboardAppointment, InventoryItem, UserLocation } from '@cincy/contracts';
import { dashboardAppointment } from '../../test/dashboard-appointment.fixture';
import { BATTERY_INVENTORY, QUERY_KEYS } from '../api/query-keys';
import { applySocketEvent, upsertAppointment, upsertBatteryItem } from './live-cache';

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
    applySocketEvent(client, 'inventory.changed', { item: battery(1, 2) }, TODAY);
    expect(client.getQueryData(key)).toEqual([battery(1, 2)]);
  });

  it('ignores a payload without what it needs', () => {
    expect(applySocketEvent(client, 'board.changed', {} as never, TODAY)).toBe(false);
    expect(applySocketEvent(client, 'team.changed', null as never, TODAY)).toBe(false);
  });
});
