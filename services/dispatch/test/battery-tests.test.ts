import {
  Actor,
  BATTERY_TEST_MESSAGES,
  DOOR_RECORD_MESSAGES,
  BatteryTestInput,
  ServiceRecordInput,
} from '@cincy/contracts';
import { TEST_ACTORS, refusal } from '@cincy/platform/testing';
import { DataSource } from 'typeorm';
import { useDoorStack } from './door-stack';

// A completion carries the job's tests into inventory's service record.
const stack = useDoorStack();
const { admin, tech, otherTech } = TEST_ACTORS;

let nextId = 900;
let itemId: number;

const complete = (record: Partial<ServiceRecordInput>, actor: Actor = tech) =>
  stack.rpc.call('dispatch.appointments.complete', { record: record as ServiceRecordInput, actor });
const recordTest = (
  id: number,
  test: Partial<BatteryTestInput> = {},
  actor: Actor = tech,
  idempotencyKey?: string,
) =>
  stack.rpc.call('dispatch.battery-tests.record', {
    id,
    actor,
    idempotencyKey,
    battery: 'old',
    ratingStandard: 'SAE',
    ratedCca: 600,
    measuredCca: 250,
    voltage: 12.05,
    stateOfHealth: 41,
    decision: 'REPLACE',
    ...test,
  } as never);

/** A job of `customerId` brought to the car by `tech`. */
async function onLocation(customerId?: number): Promise<number> {
  const id = nextId++;
  await stack.book(id, `Customer ${id}`, { customerId: customerId ?? id });
  await stack.walk(id, ['accepted', 'en_route', 'on_location']);
  return id;
}

beforeAll(async () => {
  [{ id: itemId }] = await stack.inventory.get(DataSource).query(
    `INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
       VALUES ('H6 AGM', 'H6', 'battery', 50, 2, 150) RETURNING id`,
  );
});

describe("a job's battery tests", () => {
  it('are recorded at the car by the technician on the job, once per key, and read by them and the office', async () => {
    const id = await onLocation();
    const first = await recordTest(id, {}, tech, 'test-key-1');
    expect(first).toMatchObject({
      appointmentId: id,
      technicianId: tech.id,
      voltage: 12.05,
      starter: null,
      decision: 'REPLACE',
    });
    // The phone sent it again (no answer reached it): the same test, not a second one.
    expect(await recordTest(id, {}, tech, 'test-key-1')).toEqual(first);
    await recordTest(id, {
      battery: 'new',
      stateOfHealth: 100,
      decision: 'GOOD',
      charging: { voltage: 14.2, result: 'NO_PROBLEMS' },
    });
    const tests = await stack.rpc.call('dispatch.battery-tests.list', { id, actor: admin });
    expect(tests.map((t) => [t.battery, t.decision])).toEqual([
      ['old', 'REPLACE'],
      ['new', 'GOOD'],
    ]);
    expect(tests[1].charging).toEqual({ voltage: 14.2, result: 'NO_PROBLEMS' });
    expect(await stack.rpc.call('dispatch.battery-tests.list', { id, actor: tech })).toEqual(tests);
    await complete({ appointmentId: id, customerId: id, serviceCode: 'no_service' });
  });

  it("refuses another technician's job, a job not yet reached, and a closed one", async () => {
    const id = await onLocation();
    expect(await refusal(recordTest(id, {}, otherTech))).toMatchObject({
      status: 403,
      body: { message: DOOR_RECORD_MESSAGES.notYourJob },
    });
    expect(
      await refusal(stack.rpc.call('dispatch.battery-tests.list', { id, actor: otherTech })),
    ).toMatchObject({ status: 403 });
    expect(await refusal(recordTest(999_999))).toMatchObject({ status: 404 });
    const early = nextId++;
    await stack.book(early, 'Early');
    await stack.walk(early, ['accepted'], otherTech);
    expect(await refusal(recordTest(early, {}, otherTech))).toMatchObject({
      status: 409,
      body: { message: DOOR_RECORD_MESSAGES.notAtTheCar },
    });
    await complete({
      appointmentId: id,
      customerId: id,
      serviceCode: 'no_service',
    });
    expect(await refusal(recordTest(id, {}, admin))).toMatchObject({
      status: 409,
      body: { message: DOOR_RECORD_MESSAGES.closed },
    });
  });

  it('hold a warranty replacement to a failing test of the old battery, and go into the service record', async () => {
    // The battery the warranty is claimed on: installed for this customer before.
    const customerId = nextId + 5000;
    const installedJob = await onLocation(customerId);
    await complete({
      appointmentId: installedJob,
      customerId,
      serviceCode: 'battery_installed',
      batterySerialNumber: `WTY-${installedJob}`,
      vehicleMileage: '40000',
      inventoryItemId: itemId,
    });

    const id = await onLocation(customerId);
    const warranty = {
      appointmentId: id,
      customerId,
      serviceCode: 'warranty_replacement' as const,
      batterySerialNumber: `WTY-${id}`,
      previousBatterySerialNumber: `WTY-${installedJob}`,
      vehicleMileage: '45000',
      inventoryItemId: itemId,
    };
    await recordTest(id, { decision: 'GOOD', stateOfHealth: 88 });
    expect(await refusal(complete(warranty))).toMatchObject({
      status: 400,
      body: { message: BATTERY_TEST_MESSAGES.warrantyNeedsFailingTest },
    });
    await recordTest(id, { decision: 'BAD_CELL', stateOfHealth: 12 });
    const record = await complete(warranty);
    expect(record.batteryTests.map((t) => t.decision)).toEqual(['GOOD', 'BAD_CELL']);
    const history = await stack.rpc.call('inventory.service-records.of-customer', { customerId });
    expect(history.find((r) => r.appointmentId === id)?.batteryTests).toHaveLength(2);
    // The tracking page says what the old battery's last test found.
    expect((await stack.rpc.call('dispatch.tracking.view', { id })).state.batteryTest).toEqual({
      stateOfHealth: 12,
      decision: 'BAD_CELL',
    });
  });

  it('hold a "test only" visit to one test', async () => {
    const id = await onLocation();
    const testOnly = { appointmentId: id, customerId: id, serviceCode: 'test_only' as const };
    expect(await refusal(complete(testOnly))).toMatchObject({
      body: { message: BATTERY_TEST_MESSAGES.testOnlyNeedsTest },
    });
    await recordTest(id, { decision: 'GOOD_RECHARGE', stateOfHealth: 76 });
    expect((await complete(testOnly)).batteryTests).toHaveLength(1);
  });
});
