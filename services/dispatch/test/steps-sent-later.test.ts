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
  openTestNats,
  refusal,
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
// A completion crosses two services: dispatch decides, inventory records and takes the stock.
import { inventoryService } from '../../inventory/src/app.module';
import { dispatchService } from '../src/app.module';

// Issue 34: a technician's phone keeps each step in an outbox and sends it when it has signal,
// maybe twice (it never heard the answer), always with the time it was tapped.
const testStack = useIsolatedStack();
const { tech } = TEST_ACTORS;

let dispatch: INestMicroservice;
let inventory: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let nextId = 900;
let itemId: number;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const step = (
  id: number,
  status: 'accepted' | 'en_route' | 'on_location',
  sent: { occurredAt?: string; idempotencyKey?: string } = {},
  actor: Actor = tech,
) => rpc.call('dispatch.appointments.change-status', { id, status, actor, ...sent });
const complete = (record: Partial<ServiceRecordInput>, actor: Actor, idempotencyKey?: string) =>
  rpc.call('dispatch.appointments.complete', {
    record: record as ServiceRecordInput,
    actor,
    idempotencyKey,
  });
/** A technician of each test's own: one job under way at a time is theirs. */
let technicians = 0;
const technician = (): Actor => {
  technicians += 1;
  return { ...tech, id: tech.id + 100 + technicians, username: `later${technicians}` };
};
const installed = (id: number) => ({
  appointmentId: id,
  customerId: id,
  serviceCode: 'battery_installed' as const,
  batterySerialNumber: `LATER-${id}`,
  vehicleMileage: '52000',
  inventoryItemId: itemId,
});
const dispatchDb = () => dispatch.get(DataSource);
const inventoryDb = () => inventory.get(DataSource);
const jobOf = async (id: number) =>
  (await rpc.call('dispatch.appointments.list', {})).find((a) => a.id === id);

/** A job requested an hour ago, on the board. */
async function newJob(): Promise<number> {
  const id = nextId++;
  await new JetStreamPublisher(nats).publish(
    buildEvent(
      'booking.appointment.requested',
      requestedPayload(id, `Customer ${id}`, { requestedAt: ago(60) }),
    ),
  );
  await eventually(async () => !!(await jobOf(id)));
  return id;
}

/** The job's events dispatch wrote, by type, in order. */
const eventsOf = async (id: number): Promise<string[]> =>
  (
    await dispatchDb().query(
      `SELECT type FROM outbox WHERE (payload -> 'appointment' ->> 'id')::int = $1 ORDER BY seq`,
      [id],
    )
  ).map((r: { type: string }) => r.type);

beforeAll(async () => {
  nats = await openTestNats(testStack.prefix);
  dispatch = await createServiceApp(dispatchService);
  inventory = await createServiceApp(inventoryService);
  rpc = await connectTestRpc(testStack.prefix);
  [{ id: itemId }] = await inventoryDb().query(
    `INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
     VALUES ('H6 AGM', 'H6', 'battery', 50, 2, 150) RETURNING id`,
  );
});

afterAll(async () => {
  await inventory?.close();
  await dispatch?.close();
  await rpc?.close();
  await nats?.close();
  await dropIsolatedStack(testStack);
});

describe('steps sent later from a phone', () => {
  it("records each step at the time it was tapped, and the job's times from them", async () => {
    const id = await newJob();
    const me = technician();
    await step(id, 'accepted', { occurredAt: ago(45) }, me);
    await step(id, 'en_route', { occurredAt: ago(40) }, me);
    const arrived = await step(id, 'on_location', { occurredAt: ago(22) }, me);
    expect(arrived.status).toBe('on_location');
    const record = await complete({ ...installed(id), occurredAt: ago(4) }, me);
    expect(Date.now() - new Date(record.completedAt).getTime()).toBeGreaterThan(3.9 * 60_000);
    const [times] = await dispatchDb().query(
      `SELECT travel_time, job_duration FROM job_metrics WHERE appointment_id = $1`,
      [id],
    );
    // 18 min on the road, 18 at the car: the taps' times, not when they reached the server.
    expect(times).toEqual({ travel_time: 18, job_duration: 18 });
  });

  it('does a step once per Idempotency-Key, sent twice in a row or at once', async () => {
    const id = await newJob();
    const me = technician();
    const key = randomUUID();
    const first = await step(id, 'accepted', { idempotencyKey: key }, me);
    expect(await step(id, 'accepted', { idempotencyKey: key }, me)).toEqual(first);
    const departed = randomUUID();
    const [a, b] = await Promise.all([
      step(id, 'en_route', { idempotencyKey: departed }, me),
      step(id, 'en_route', { idempotencyKey: departed }, me),
    ]);
    expect(a).toEqual(b);
    expect(await eventsOf(id)).toEqual([
      'dispatch.appointment.opened',
      'dispatch.appointment.accepted',
      'dispatch.appointment.departed',
    ]);
  });

  it('refuses a key sent again with another step, and a step the job has moved past', async () => {
    const id = await newJob();
    const me = technician();
    const key = randomUUID();
    await step(id, 'accepted', { idempotencyKey: key }, me);
    expect(await refusal(step(id, 'en_route', { idempotencyKey: key }, me))).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    // Without a key, a step sent twice is refused the second time: the lifecycle says why.
    expect((await refusal(step(id, 'accepted', {}, me))).status).toBe(409);
  });

  it("refuses a time ahead of the server's, more than a day old or before the last step", async () => {
    const id = await newJob();
    const me = technician();
    await step(id, 'accepted', { occurredAt: ago(30) }, me);
    for (const occurredAt of [ago(-10), ago(25 * 60), ago(35)]) {
      const refused = await refusal(step(id, 'en_route', { occurredAt }, me));
      expect(refused).toMatchObject({ status: 400, body: { fieldErrors: {} } });
      expect(Object.keys(refused.body.fieldErrors ?? {})).toEqual(['occurredAt']);
    }
    expect((await jobOf(id))?.status).toBe('accepted');
  });

  it('completes once per key: one record, one battery off the shelf, the same answer', async () => {
    const id = await newJob();
    const me = technician();
    await step(id, 'accepted', {}, me);
    await step(id, 'en_route', {}, me);
    await step(id, 'on_location', {}, me);
    const [{ quantity: before }] = await inventoryDb().query(
      'SELECT quantity FROM inventory_items WHERE id = $1',
      [itemId],
    );
    const key = randomUUID();
    const first = await complete(installed(id), me, key);
    expect(await complete(installed(id), me, key)).toEqual(first);
    const [{ n }] = await inventoryDb().query(
      'SELECT count(*)::int AS n FROM service_records WHERE appointment_id = $1',
      [id],
    );
    const [{ quantity }] = await inventoryDb().query(
      'SELECT quantity FROM inventory_items WHERE id = $1',
      [itemId],
    );
    expect([n, before - quantity]).toEqual([1, 1]);
  });
});
