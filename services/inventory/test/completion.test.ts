import {
  Actor,
  DashboardAppointment,
  ERROR_CODES,
  EVENT_TYPES,
  SERVICE_RECORD_MESSAGES,
  ServiceRecordInput,
} from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcCallError,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  assignedView,
  boardView,
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inventoryService } from '../src/app.module';
import { COMPLETION_MESSAGES } from '../src/service-records/completion-rules';

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;

let inventory: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: DataSource;
let nextJob = 100;

beforeAll(async () => {
  inventory = await createServiceApp(inventoryService);
  db = inventory.get(DataSource);
  rpc = await connectTestRpc(testStack.prefix);
  nats = await NatsConnectionHolder.open({
    url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    prefix: testStack.prefix,
    name: 'test',
  });
});

afterAll(async () => {
  await nats.close();
  await rpc.close();
  await inventory.close();
  await dropIsolatedStack(testStack);
});

async function addItem(name: string, quantity: number): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
     VALUES ($1, $2, 'battery', $3, 2, 150) RETURNING id`,
    [name, name.toUpperCase(), quantity],
  );
  return id;
}

const quantityOf = async (itemId: number) =>
  (await db.query('SELECT quantity FROM inventory_items WHERE id = $1', [itemId]))[0].quantity;

/** dispatch says: this job is on location with `technician` (what inventory's copy follows). */
async function jobOnLocation(
  technician: Actor = tech,
  overrides: Partial<DashboardAppointment> = {},
): Promise<DashboardAppointment> {
  const appointment = assignedView(technician, {
    id: nextJob++,
    customerId: 40,
    status: 'on_location',
    version: 4,
    ...overrides,
  });
  await new JetStreamPublisher(nats).publish(
    buildEvent('dispatch.appointment.arrived', { appointment }),
  );
  await eventually(async () => {
    const [row] = await db.query('SELECT status, version FROM appointments WHERE id = $1', [
      appointment.id,
    ]);
    return row?.version === appointment.version;
  });
  return appointment;
}

const batteryInstalled = (
  job: DashboardAppointment,
  itemId: number,
  extra: Partial<ServiceRecordInput> = {},
) => ({
  appointmentId: job.id,
  customerId: job.customerId,
  serviceCode: 'battery installed',
  batterySerialNumber: `SN-${job.id}`,
  vehicleMileage: '48210',
  inventoryItemId: itemId,
  ...extra,
});

const complete = (record: Record<string, unknown>, actor: Actor = tech) =>
  rpc.call('inventory.service-records.create', {
    record: record as ServiceRecordInput,
    actor,
  });

async function refusal(call: Promise<unknown>): Promise<RpcCallError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcCallError);
  return error as RpcCallError;
}

const streamCount = async (type: (typeof EVENT_TYPES)[number]) => {
  const subject = nats.names.event(type);
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

describe('completing a job (inventory)', () => {
  it('records Battery Installed, takes one unit with its transaction row, counts the sale, announces it', async () => {
    const itemId = await addItem('H6 AGM', 3);
    const job = await jobOnLocation();
    const record = await complete(batteryInstalled(job, itemId, { completionNotes: 'Gate 4' }));

    expect(record).toMatchObject({
      appointmentId: job.id,
      customerId: 40,
      serviceCode: 'battery_installed',
      technicianId: tech.id,
      technicianName: tech.name,
      batterySerialNumber: `SN-${job.id}`,
      vehicleMileage: '48210',
      inventoryItemId: itemId,
      completionNotes: 'Gate 4',
    });
    expect(await quantityOf(itemId)).toBe(2);
    const [movement] = await db.query('SELECT * FROM inventory_transactions WHERE item_id = $1', [
      itemId,
    ]);
    expect(movement).toMatchObject({
      transaction_type: 'battery_installed',
      quantity_change: -1,
      previous_quantity: 3,
      new_quantity: 2,
      appointment_id: job.id,
      service_record_id: record.id,
      user_id: tech.id,
      user_name: tech.name,
    });
    expect(movement.reason).toContain(String(job.id));
    expect(await rpc.call('inventory.sales.today', {})).toEqual({ batteriesSold: 1 });
    await eventually(async () => (await streamCount('inventory.service-record.created')) === 1);
    expect(await streamCount('inventory.item.changed')).toBe(1);
    expect(await streamCount('inventory.sales.updated')).toBe(1);
  });

  it('completes a job once: a second completion is a 409 and takes nothing', async () => {
    const itemId = await addItem('Second try', 5);
    const job = await jobOnLocation();
    await complete(batteryInstalled(job, itemId));
    const again = await refusal(
      complete(batteryInstalled(job, itemId, { batterySerialNumber: 'X' })),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COMPLETION_MESSAGES.alreadyCompleted);
    expect(await quantityOf(itemId)).toBe(4);
  });

  it('gives exactly 3 of 20 concurrent completions against 3 in stock; the rest are 409 and write nothing', async () => {
    const itemId = await addItem('Scarce AGM', 3);
    const jobs = await Promise.all(Array.from({ length: 20 }, () => jobOnLocation()));
    const results = await Promise.allSettled(
      jobs.map((job) => complete(batteryInstalled(job, itemId))),
    );

    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        status: 409,
        body: { message: COMPLETION_MESSAGES.outOfStock },
      });
    }
    expect(await quantityOf(itemId)).toBe(0);
    const [{ count: movements }] = await db.query(
      'SELECT count(*)::int AS count FROM inventory_transactions WHERE item_id = $1',
      [itemId],
    );
    const [{ count: records }] = await db.query(
      'SELECT count(*)::int AS count FROM service_records WHERE inventory_item_id = $1',
      [itemId],
    );
    expect([movements, records]).toEqual([3, 3]);
  });

  it("forbids another technician (403) and lets an admin complete for the job's technician", async () => {
    const job = await jobOnLocation(tech);
    const forbidden = await refusal(
      complete({ ...batteryInstalled(job, 1), serviceCode: 'battery test' }, otherTech),
    );
    expect(forbidden.status).toBe(403);

    const record = await complete(
      {
        appointmentId: job.id,
        customerId: job.customerId,
        serviceCode: 'test_only',
        technicianId: admin.id,
      },
      admin,
    );
    expect(record).toMatchObject({
      serviceCode: 'test_only',
      technicianId: tech.id,
      inventoryItemId: null,
    });
  });

  it('refuses a job that is not on location yet, and a record for another customer', async () => {
    const enRoute = await jobOnLocation(tech, { status: 'en_route' });
    const early = await refusal(
      complete({ appointmentId: enRoute.id, customerId: 40, serviceCode: 'no service' }),
    );
    expect(early).toMatchObject({
      status: 409,
      body: { message: COMPLETION_MESSAGES.notOnLocation },
    });

    const job = await jobOnLocation();
    const wrong = await refusal(
      complete({ appointmentId: job.id, customerId: 41, serviceCode: 'no service' }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { fieldErrors: { customerId: COMPLETION_MESSAGES.otherCustomer } },
    });
  });

  it("checks the spec's validation messages on the server", async () => {
    const job = await jobOnLocation();
    const noCode = await refusal(complete({ appointmentId: job.id, customerId: 40 }));
    expect(noCode).toMatchObject({
      status: 400,
      body: {
        code: ERROR_CODES.validation,
        // The service checks the whole message it receives (the gateway checked the body already).
        fieldErrors: { 'record.serviceCode': SERVICE_RECORD_MESSAGES.serviceCodeRequired },
      },
    });
    const noBattery = await refusal(
      complete({
        appointmentId: job.id,
        customerId: 40,
        serviceCode: 'battery_installed',
        batterySerialNumber: 'S1',
      }),
    );
    expect(noBattery.body.fieldErrors).toEqual({
      'record.batterySerialNumber': SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
      'record.inventoryItemId': SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
      'record.vehicleMileage': SERVICE_RECORD_MESSAGES.batteryDetailsRequired,
    });
  });

  it("replaces under warranty only a battery from this customer's own history", async () => {
    const itemId = await addItem('Warranty stock', 4);
    const first = await jobOnLocation(tech, { customerId: 77 });
    await complete(batteryInstalled(first, itemId, { batterySerialNumber: 'WX-1001' }));

    expect(
      await rpc.call('inventory.service-records.verify-serial', {
        customerId: 77,
        serialNumber: ' wx-1001 ',
      }),
    ).toEqual({ verified: true });
    expect(
      await rpc.call('inventory.service-records.verify-serial', {
        customerId: 78,
        serialNumber: 'WX-1001',
      }),
    ).toEqual({ verified: false });

    const stranger = await jobOnLocation(tech, { customerId: 78 });
    const refused = await refusal(
      complete({
        ...batteryInstalled(stranger, itemId),
        serviceCode: 'warranty replacement',
        previousBatterySerialNumber: 'WX-1001',
      }),
    );
    expect(refused.body.fieldErrors).toEqual({
      previousBatterySerialNumber: COMPLETION_MESSAGES.serialNotInHistory,
    });

    const second = await jobOnLocation(tech, { customerId: 77 });
    const sold = (await rpc.call('inventory.sales.today', {})).batteriesSold;
    const record = await complete({
      ...batteryInstalled(second, itemId, { batterySerialNumber: 'WX-2002' }),
      serviceCode: 'warranty_replacement',
      previousBatterySerialNumber: 'WX-1001',
    });
    expect(record).toMatchObject({
      serviceCode: 'warranty_replacement',
      previousBatterySerialNumber: 'WX-1001',
    });
    expect(await quantityOf(itemId)).toBe(2);
    // A warranty replacement is free: not a sale.
    expect((await rpc.call('inventory.sales.today', {})).batteriesSold).toBe(sold);
  });

  it("begins a job's copy with booking's request, pending; dispatch's 'opened' is not applied", async () => {
    const requested = (appointmentId: number) =>
      buildEvent(
        'booking.appointment.requested',
        requestedPayload(appointmentId, 'Jane Doe', { customerId: 40 }),
      );
    const copyOf = async (id: number) =>
      (await db.query('SELECT status, version FROM appointments WHERE id = $1', [id]))[0];
    const publisher = new JetStreamPublisher(nats);

    const id = nextJob++;
    await publisher.publish(requested(id));
    await eventually(async () => (await copyOf(id)) !== undefined);
    expect(await copyOf(id)).toEqual({ status: 'pending', version: 0 });
    const early = await refusal(
      complete({ appointmentId: id, customerId: 40, serviceCode: 'no service' }, admin),
    );
    expect(early).toMatchObject({
      status: 409,
      body: { message: COMPLETION_MESSAGES.notOnLocation },
    });

    const opened = buildEvent('dispatch.appointment.opened', {
      appointment: boardView({ id, customerId: 40, version: 1 }),
    });
    await publisher.publish(opened);
    await jobOnLocation(tech, { id, version: 4 });
    // Never delivered here at all (inventory-appointments runs a durable per type it follows).
    const inbox = await db.query('SELECT 1 FROM inbox WHERE event_id = $1', [opened.id]);
    expect(inbox).toEqual([]);

    // dispatch's news may come before booking's request (two consumers): the request keeps it.
    const ahead = await jobOnLocation();
    const repeat = requested(ahead.id);
    await publisher.publish(repeat);
    await eventually(
      async () => (await db.query('SELECT 1 FROM inbox WHERE event_id = $1', [repeat.id])).length,
    );
    expect(await copyOf(ahead.id)).toEqual({ status: 'on_location', version: 4 });
  });

  it('keeps the newest state of a job when an older event arrives late', async () => {
    const job = await jobOnLocation(tech, { version: 9 });
    await new JetStreamPublisher(nats).publish(
      buildEvent('dispatch.appointment.accepted', {
        appointment: { ...job, status: 'accepted', version: 2 },
      }),
    );
    const later = await jobOnLocation(tech); // the stream is read in order: once this is in, the old one was seen
    expect(later.id).toBeGreaterThan(job.id);
    const [row] = await db.query('SELECT status, version FROM appointments WHERE id = $1', [
      job.id,
    ]);
    expect(row).toEqual({ status: 'on_location', version: 9 });
  });
});
