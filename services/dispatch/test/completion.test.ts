import { Actor, ServiceRecordInput } from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
  openTestNats,
  refusal,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
// Completion crosses two services: dispatch decides on its live job, inventory records and takes stock.
import { inventoryService } from '../../inventory/src/app.module';
import { dispatchService } from '../src/app.module';

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;

let dispatch: INestMicroservice;
let inventory: INestMicroservice | undefined;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextId = 700;
let itemId: number;

const inventoryDb = () => inventory!.get(DataSource);
const board = () => rpc.call('dispatch.appointments.list', {});
const jobOf = async (id: number) => (await board()).find((a) => a.id === id);
const move = (id: number, status: 'accepted' | 'en_route' | 'on_location', actor: Actor = tech) =>
  rpc.call('dispatch.appointments.change-status', { id, status, actor });
const complete = (record: Partial<ServiceRecordInput>, actor: Actor = tech) =>
  rpc.call('dispatch.appointments.complete', { record: record as ServiceRecordInput, actor });
const installed = (id: number, customerId = id) => ({
  appointmentId: id,
  customerId,
  serviceCode: 'battery_installed' as const,
  batterySerialNumber: `CMP-${id}`,
  vehicleMileage: '52000',
  inventoryItemId: itemId,
});

async function newJob(): Promise<number> {
  const id = nextId++;
  await new JetStreamPublisher(nats).publish(
    buildEvent('booking.appointment.requested', requestedPayload(id, `Customer ${id}`)),
  );
  await eventually(async () => !!(await jobOf(id)));
  return id;
}

async function onLocation(actor: Actor = tech): Promise<number> {
  const id = await newJob();
  await move(id, 'accepted', actor);
  await move(id, 'en_route', actor);
  await move(id, 'on_location', actor);
  return id;
}

const recordsOf = async (appointmentId: number) =>
  (
    await inventoryDb().query(
      'SELECT count(*)::int AS n FROM service_records WHERE appointment_id = $1',
      [appointmentId],
    )
  )[0].n;
const stock = async () =>
  (await inventoryDb().query('SELECT quantity FROM inventory_items WHERE id = $1', [itemId]))[0]
    .quantity;

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  inventory = await createServiceApp(inventoryService);
  rpc = await connectTestRpc(testStack.prefix);
  [{ id: itemId }] = await inventoryDb().query(
    `INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
     VALUES ('H6 AGM', 'H6', 'battery', 500, 2, 150) RETURNING id`,
  );
});

afterAll(async () => {
  await inventory?.close();
  await dispatch?.close();
  await rpc.close();
  await nats.close();
  await dropIsolatedStack(testStack);
});

describe('completing a job (dispatch decides, inventory records)', () => {
  it('completes a job saved 10 ms after On Location, 100 times in a row', async () => {
    for (let i = 0; i < 100; i++) {
      const id = await onLocation();
      await new Promise((resolve) => setTimeout(resolve, 10));
      const record = await complete(installed(id));
      expect(record).toMatchObject({ appointmentId: id, technicianId: tech.id });
      expect((await jobOf(id))?.status).toBe('completed');
    }
  }, 120_000);

  it('refuses what the lifecycle refuses, on the live job, and writes nothing', async () => {
    const early = await newJob();
    await move(early, 'accepted');
    expect(await refusal(complete(installed(early)))).toMatchObject({
      status: 409,
      body: { message: 'Mark the job On Location before completing it.' },
    });
    await move(early, 'en_route');
    await move(early, 'on_location');
    expect((await refusal(complete(installed(early), otherTech))).status).toBe(403);
    expect(await refusal(complete(installed(early, 9999)))).toMatchObject({
      status: 400,
      body: { fieldErrors: { customerId: 'This appointment belongs to another customer.' } },
    });
    expect((await refusal(complete(installed(424242)))).status).toBe(404);
    expect(await recordsOf(early)).toBe(0);

    // An admin completes for the technician; the record is the technician's.
    const record = await complete(installed(early), admin);
    expect(record.technicianId).toBe(tech.id);
    expect((await refusal(complete(installed(early)))).status).toBe(409);
    expect(await recordsOf(early)).toBe(1);
  });

  it("answers inventory's refusal as its own and leaves the job on location", async () => {
    const first = await onLocation();
    await complete({ ...installed(first), batterySerialNumber: 'SAME-1' });
    const second = await onLocation();
    const before = await stock();
    const refused = await refusal(
      complete({ ...installed(second), batterySerialNumber: 'same-1' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.fieldErrors?.batterySerialNumber).toMatch(/already installed/);
    expect((await jobOf(second))?.status).toBe('on_location');
    expect(await stock()).toBe(before);
    await complete({ ...installed(second), batterySerialNumber: 'SAME-2' });
  });

  it('refuses with a clear 503 while inventory is down, half-applying nothing, and completes once it is back', async () => {
    const id = await onLocation();
    await inventory!.close();
    inventory = undefined;
    const refused = await refusal(complete(installed(id)));
    expect(refused).toMatchObject({
      status: 503,
      body: {
        message: 'The inventory service is temporarily unavailable. Please try again shortly.',
      },
    });
    expect((await jobOf(id))?.status).toBe('on_location');

    inventory = await createServiceApp(inventoryService);
    expect(await recordsOf(id)).toBe(0);
    await complete(installed(id));
    expect((await jobOf(id))?.status).toBe('completed');
    expect(await recordsOf(id)).toBe(1);
  });
});
