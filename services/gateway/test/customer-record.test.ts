import {
  BatteryChain,
  CustomerAddress,
  CustomerVehicle,
  CustomerVisits,
  DashboardAppointment,
  ServiceHistoryRow,
  servicePrice,
} from '@cincy/contracts';
import { ApiClient } from '@cincy/stack';
import { DataSource } from 'typeorm';
import { WholeStack, startWholeStack, statusOf } from './whole-stack';

let stack: WholeStack;
let itemId: number;

beforeAll(async () => {
  stack = await startWholeStack();
  [{ id: itemId }] = await stack
    .service('inventory')
    .get(DataSource)
    .query(
      `INSERT INTO inventory_items (name, description, sku, category, quantity, min_quantity, unit_cost)
     VALUES ('H6 AGM', 'Group 48', 'AGM-H6', 'battery', 3, 1, 150) RETURNING id`,
    );
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

const move = (client: ApiClient, id: number, status: string) =>
  client.request<DashboardAppointment>('PATCH', `/api/appointments/${id}/status`, {
    status,
    technicianId: null,
    technicianUsername: null,
  });

describe('the customer record through the gateway', () => {
  it("shows history rows with the booked vehicle, battery model and price, and the battery's chain", async () => {
    const { client: tech, user } = await stack.newUser('rita');
    const { customerId, appointmentId } = await stack.book();
    for (const status of ['accepted', 'en_route', 'on_location'])
      await move(tech, appointmentId, status);
    await tech.request('POST', '/api/service-records', {
      appointmentId,
      customerId,
      serviceCode: 'battery installed',
      batterySerialNumber: 'SN-RECORD-1',
      vehicleMileage: '61000',
      inventoryItemId: itemId,
    });

    const [row] = await tech.request<ServiceHistoryRow[]>(
      'GET',
      `/api/customers/${customerId}/service-records`,
    );
    expect(row).toMatchObject({
      technicianName: user.name,
      vehicle: '2018 Honda Civic', // the record names none: the booking's
      serviceCode: 'battery_installed',
      batteryModel: 'H6 AGM',
      batterySerialNumber: 'SN-RECORD-1',
      previousBatterySerialNumber: null,
      vehicleMileage: '61000',
      price: servicePrice('battery_installed', 'H6 AGM'),
    });

    const { chain } = await tech.request<BatteryChain>(
      'GET',
      '/api/service-records/chain?serial=sn-record-1',
    );
    expect(chain).toEqual([
      expect.objectContaining({
        serial: 'SN-RECORD-1',
        vehicle: '2018 Honda Civic',
        replacedBy: null,
        customer: expect.objectContaining({ id: customerId }),
      }),
    ]);
    expect(await statusOf(tech.request('GET', '/api/service-records/chain?serial=NOPE'))).toBe(404);
    expect(await statusOf(tech.request('GET', '/api/service-records/chain'))).toBe(400);
  });

  it("lists the customer's visits to staff, 404 for an unknown customer, 401 signed out", async () => {
    const { client: tech } = await stack.newUser('vick');
    const { customerId, appointmentId } = await stack.book();
    const path = `/api/customers/${customerId}/visits`;
    for (const client of [tech, stack.admin]) {
      const answer = await client.request<CustomerVisits>('GET', path);
      expect(answer).toMatchObject({ total: 1, completed: 0, cancelled: 0, moved: 0 });
      expect(answer.visits).toEqual([
        expect.objectContaining({
          id: appointmentId,
          status: 'pending',
          reference: expect.stringMatching(/^CB-/),
          moveCount: 0,
        }),
      ]);
    }
    expect(await statusOf(tech.request('GET', '/api/customers/999999/visits'))).toBe(404);
    expect(await statusOf(tech.request('GET', '/api/customers/abc/visits'))).toBe(400);
    expect(await statusOf(new ApiClient(stack.base).request('GET', path))).toBe(401);
  });

  it('lets staff edit addresses and vehicles, and only admins remove them', async () => {
    const { client: tech } = await stack.newUser('reed');
    const { customerId } = await stack.book();
    const base = `/api/customers/${customerId}`;
    const [booked] = await tech.request<CustomerAddress[]>('GET', `${base}/addresses`);
    expect(booked).toMatchObject({
      address: expect.stringContaining('Fountain Square'),
      isDefault: true,
    });
    expect(await tech.request<CustomerVehicle[]>('GET', `${base}/vehicles`)).toEqual([
      expect.objectContaining({ vehicle: '2018 Honda Civic', isDefault: true }),
    ]);

    const added = await tech.request<CustomerAddress>('POST', `${base}/addresses`, {
      address: '77 Race St, Cincinnati, OH 45202',
    });
    expect(
      await tech.request<CustomerAddress>('PUT', `${base}/addresses/${added.id}/default`),
    ).toMatchObject({ id: added.id, isDefault: true });
    expect(
      await statusOf(
        tech.request('POST', `${base}/addresses`, { address: '77 RACE ST, Cincinnati, OH 45202' }),
      ),
    ).toBe(409);
    expect(await statusOf(tech.request('POST', `${base}/addresses`, { address: ' ' }))).toBe(400);
    expect(await statusOf(tech.request('DELETE', `${base}/addresses/${added.id}`))).toBe(403);
    expect(await statusOf(stack.admin.request('DELETE', `${base}/addresses/${added.id}`))).toBe(
      200,
    );
    expect(await tech.request<CustomerAddress[]>('GET', `${base}/addresses`)).toEqual([
      expect.objectContaining({ id: booked.id, isDefault: true }),
    ]);
    expect(await statusOf(new ApiClient(stack.base).request('GET', `${base}/vehicles`))).toBe(401);
  });
});
