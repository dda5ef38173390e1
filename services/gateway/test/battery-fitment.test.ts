import type {
  DashboardAppointment,
  FitmentLookupRow,
  InventoryItem,
  StockLocation,
  Suggestion,
} from '@cincy/contracts';
import { eventually } from '@cincy/platform/testing';
import { ApiClient } from '@cincy/stack';
import { WholeStack, startWholeStack } from './whole-stack';

// Issue 37 through the gateway: the car chooses the battery, the battery chooses the van.

let stack: WholeStack;
let admin: ApiClient;

beforeAll(async () => {
  stack = await startWholeStack();
  admin = stack.admin;
}, 60_000);

afterAll(() => stack?.stop(), 60_000);

/** A 2020 Cadillac XT5 takes a group 48 AGM (the seeded fitment). */
const XT5 = '/api/fitment?year=2020&make=Cadillac&model=XT5';
const fitment = () => new ApiClient(stack.base).request<FitmentLookupRow[]>('GET', XT5);

describe('the right battery, in the right van (issue 37)', () => {
  it('reserves the battery a booking takes, prefers the van carrying it, and takes it from that van', async () => {
    const amy = await stack.newUser('amy.van');
    const zed = await stack.newUser('zed.van');
    const item = await admin.request<InventoryItem>('POST', '/api/inventory', {
      name: 'H6 AGM 760 CCA',
      category: 'battery',
      quantity: 1,
      minQuantity: 0,
      unitCost: 150,
    });
    const places = async () => admin.request<StockLocation[]>('GET', '/api/inventory/locations');
    await eventually(async () => (await places()).filter((p) => p.kind === 'van').length >= 2);
    const zedVan = (await places()).find((p) => p.technicianId === zed.user.id)!;
    await admin.request('POST', '/api/inventory/transfers', {
      itemId: item.id,
      fromLocationId: 1,
      toLocationId: zedVan.id,
      quantity: 1,
      reason: 'Morning restock',
    });

    // The form's answer: the battery, its price, and one free.
    const [row] = await fitment();
    expect(row).toMatchObject({
      groupSize: '48',
      technology: 'AGM',
      installedPrice: 210,
      inStock: true,
    });

    const { appointment } = await new ApiClient(stack.base).bookAsap(
      { name: 'Fitment Customer', phone: '5135559901' },
      { vehicle: '2020 Cadillac XT5 (White)' },
    );
    let job: DashboardAppointment | undefined;
    await eventually(async () => {
      job = (await admin.appointments()).find((a) => a.id === appointment.id);
      return job !== undefined;
    });
    expect(job!.battery).toEqual({ groupSize: '48', technology: 'AGM' });

    // The visit counts on the only one: the next customer is told none is free.
    await eventually(async () => (await fitment())[0].inStock === false);

    // Zed's van has it: first, said so, though Amy comes first by name.
    const ranked = await admin.request<Suggestion[]>(
      'GET',
      `/api/appointments/${appointment.id}/suggestions`,
    );
    expect(ranked.map((s) => [s.name, s.batteryInVan])).toEqual(
      expect.arrayContaining([
        [zed.user.name, true],
        [amy.user.name, false],
      ]),
    );
    expect(ranked[0].name).toBe(zed.user.name);

    // Zed does the job: the battery leaves Zed's van.
    for (const status of ['accepted', 'en_route', 'on_location'])
      await zed.client.request('PATCH', `/api/appointments/${appointment.id}/status`, {
        status,
        technicianId: null,
        technicianUsername: null,
      });
    await zed.client.request('POST', '/api/service-records', {
      appointmentId: appointment.id,
      customerId: job!.customerId,
      serviceCode: 'battery installed',
      batterySerialNumber: 'SN-FIT-1',
      vehicleMileage: '30000',
      inventoryItemId: item.id,
      technicianId: zed.user.id,
      technicianName: zed.user.name,
    });
    const after = (await admin.request<InventoryItem[]>('GET', '/api/inventory')).find(
      (i) => i.id === item.id,
    )!;
    expect(after.quantity).toBe(0);
    expect(after.byLocation).toEqual([{ locationId: 1, quantity: 0, technicianId: null }]);
  });
});
