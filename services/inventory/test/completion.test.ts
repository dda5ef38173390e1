import {
  Actor,
  ERROR_CODES,
  EVENT_TYPES,
  LIFECYCLE_MESSAGES,
  SERVICE_RECORD_MESSAGES,
  ServiceRecordInput,
  warrantyEndedMessage,
  warrantyEndsOn,
} from '@cincy/contracts';
import { NatsConnectionHolder, RpcClient, createServiceApp } from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  eventually,
  useIsolatedStack,
  openTestNats,
  refusal,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inventoryService } from '../src/app.module';
import { STOCK_MESSAGES } from '../src/items';
import { RECORD_MESSAGES } from '../src/service-records';

// Inventory's half of a completion: dispatch decided the job may complete (its own tests), then
// asks inventory for the record, the stock and the serial rules.

const testStack = useIsolatedStack();
const { admin, tech } = TEST_ACTORS;

let inventory: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: DataSource;
let nextJob = 100;

beforeAll(async () => {
  inventory = await createServiceApp(inventoryService);
  db = inventory.get(DataSource);
  rpc = await connectTestRpc(testStack.prefix);
  nats = await openTestNats(testStack.prefix);
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

/** A job dispatch let complete: its id and customer. */
interface Job {
  id: number;
  customerId: number;
}
const jobOnLocation = (customerId = 40): Job => ({ id: nextJob++, customerId });

const batteryInstalled = (job: Job, itemId: number, extra: Partial<ServiceRecordInput> = {}) => ({
  appointmentId: job.id,
  customerId: job.customerId,
  serviceCode: 'battery installed',
  batterySerialNumber: `SN-${job.id}`,
  vehicleMileage: '48210',
  inventoryItemId: itemId,
  ...extra,
});

/** Dispatch's call: the record for the job's technician (`tech`), saved by `actor`. */
const complete = (
  record: Record<string, unknown>,
  actor: Actor = tech,
  customer = { name: 'Jane Doe', phone: '5135550100' },
) =>
  rpc.call('inventory.service-records.record', {
    record: record as ServiceRecordInput,
    technician: { id: tech.id, name: tech.name },
    customer,
    actor,
  });

const streamCount = async (type: (typeof EVENT_TYPES)[number]) => {
  const subject = nats.names.event(type);
  const info = await nats.manager.streams.info(nats.names.stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
};

describe('recording a completed job (inventory)', () => {
  it('records Battery Installed, takes one unit with its transaction row, counts the sale, announces it', async () => {
    const itemId = await addItem('H6 AGM', 3);
    const job = jobOnLocation();
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
    const job = jobOnLocation();
    await complete(batteryInstalled(job, itemId));
    const again = await refusal(
      complete(batteryInstalled(job, itemId, { batterySerialNumber: 'X' })),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LIFECYCLE_MESSAGES.alreadyCompleted);
    expect(await quantityOf(itemId)).toBe(4);
  });

  it('gives exactly 3 of 20 concurrent completions against 3 in stock; the rest are 409 and write nothing', async () => {
    const itemId = await addItem('Scarce AGM', 3);
    const jobs = Array.from({ length: 20 }, () => jobOnLocation());
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
        body: { message: STOCK_MESSAGES.outOfStock },
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

  it("names the job's technician on the record, whoever saved it", async () => {
    const job = jobOnLocation();
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
      technicianName: tech.name,
      inventoryItemId: null,
    });
  });

  it("checks the spec's validation messages on the server", async () => {
    const job = jobOnLocation();
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
    const first = jobOnLocation(77);
    await complete(batteryInstalled(first, itemId, { batterySerialNumber: 'WX-1001' }));

    expect(
      await rpc.call('inventory.service-records.verify-serial', {
        customerId: 77,
        serialNumber: ' wx-1001 ',
      }),
    ).toEqual({ verified: true, warrantyEndedOn: null });
    expect(
      await rpc.call('inventory.service-records.verify-serial', {
        customerId: 78,
        serialNumber: 'WX-1001',
      }),
    ).toEqual({ verified: false, warrantyEndedOn: null });

    const stranger = jobOnLocation(78);
    const refused = await refusal(
      complete({
        ...batteryInstalled(stranger, itemId),
        serviceCode: 'warranty replacement',
        previousBatterySerialNumber: 'WX-1001',
      }),
    );
    expect(refused.body.fieldErrors).toEqual({
      previousBatterySerialNumber: RECORD_MESSAGES.serialNotInHistory,
    });

    const second = jobOnLocation(77);
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

  it("lists each warranty replacement as a claim, with the returned battery's model and credit", async () => {
    // The warranty replacement above: WX-1001 (Warranty stock, $150 each) went back, WX-2002 in.
    const { count, creditCents, claims } = await rpc.call('inventory.warranty.claims', {});
    const claim = claims.find((c) => c.returnedSerial === 'WX-1001');
    expect(claim).toMatchObject({
      customer: { id: 77, name: 'Jane Doe' },
      returnedModel: 'Warranty stock',
      newSerial: 'WX-2002',
      creditCents: 15_000,
    });
    const [totals] = await db.query(
      `SELECT count(*)::int AS n FROM service_records WHERE service_code = 'warranty_replacement'`,
    );
    expect(count).toBe(totals.n);
    expect(creditCents).toBe(claims.reduce((sum, c) => sum + c.creditCents, 0));
    const times = claims.map((c) => c.openedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('opens a claim on a battery under warranty once, shown open until its replacement', async () => {
    const itemId = await addItem('Claim stock', 4);
    const first = jobOnLocation(81);
    await complete(batteryInstalled(first, itemId, { batterySerialNumber: 'CL-1' }));
    const failing = jobOnLocation(81);
    const open = (serial: string, customerId = 81) =>
      rpc.call('inventory.warranty.open-claim', {
        appointmentId: failing.id,
        customerId,
        batterySerialNumber: serial,
        actor: tech,
      });
    const opened = await open('cl-1');
    expect(opened).toMatchObject({
      appointmentId: failing.id,
      status: 'open',
      returnedSerial: 'CL-1',
      returnedModel: 'Claim stock',
      replacedAt: null,
      newSerial: null,
      creditCents: 15_000,
    });
    expect(await refusal(open('CL-1'))).toMatchObject({
      status: 409,
      body: { message: 'A warranty claim for battery CL-1 is already open' },
    });
    // Not this customer's battery.
    expect(await refusal(open('CL-1', 82))).toMatchObject({ status: 400 });

    // The swap ends the claim: replaced, opened when it was.
    await complete({
      ...batteryInstalled(failing, itemId, { batterySerialNumber: 'CL-2' }),
      serviceCode: 'warranty replacement',
      previousBatterySerialNumber: 'CL-1',
    });
    const { claims } = await rpc.call('inventory.warranty.claims', {});
    expect(claims.filter((c) => c.returnedSerial === 'CL-1')).toEqual([
      expect.objectContaining({
        status: 'replaced',
        openedAt: opened.openedAt,
        newSerial: 'CL-2',
      }),
    ]);
  });

  it('refuses a warranty replacement of a battery whose warranty ended, naming the day it did', async () => {
    const itemId = await addItem('Old warranty stock', 4);
    const first = jobOnLocation(79);
    await complete(batteryInstalled(first, itemId, { batterySerialNumber: 'WX-OLD-1' }));
    // Put in two years ago (today, two years back, on Cincinnati's calendar).
    const twoYearsAgo = new Date();
    twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - 2);
    const endedOn = warrantyEndsOn(twoYearsAgo);
    await db.query(
      'UPDATE service_records SET completed_at = $1, warranty_ends_on = $2 WHERE appointment_id = $3',
      [twoYearsAgo, endedOn, first.id],
    );

    expect(
      await rpc.call('inventory.service-records.verify-serial', {
        customerId: 79,
        serialNumber: 'WX-OLD-1',
      }),
    ).toEqual({ verified: true, warrantyEndedOn: endedOn });
    const stock = await quantityOf(itemId);
    const refused = await refusal(
      complete({
        ...batteryInstalled(jobOnLocation(79), itemId),
        serviceCode: 'warranty replacement',
        previousBatterySerialNumber: 'WX-OLD-1',
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      previousBatterySerialNumber: warrantyEndedMessage(endedOn),
    });
    expect(warrantyEndedMessage(endedOn)).toMatch(
      /^This battery's warranty ended on \w{3} \d{1,2}, \d{4}\. Record the new battery as Battery Installed/,
    );
    expect(await quantityOf(itemId)).toBe(stock);
  });

  it("fixes each install's warranty from its item's months, which a later change leaves alone", async () => {
    const itemId = await addItem('Three-year stock', 4);
    await db.query('UPDATE inventory_items SET warranty_months = 36 WHERE id = $1', [itemId]);
    const installed = await complete(
      batteryInstalled(jobOnLocation(80), itemId, { batterySerialNumber: 'WX-3Y-1' }),
    );
    const threeYears = warrantyEndsOn(new Date(installed.completedAt), 36);
    expect(installed.warrantyEndsOn).toBe(threeYears);
    await db.query('UPDATE inventory_items SET warranty_months = 12 WHERE id = $1', [itemId]);
    const { chain } = await rpc.call('inventory.service-records.chain', { serial: 'WX-3Y-1' });
    expect(chain.map((link) => link.warrantyEndsOn)).toEqual([threeYears]);
    const tested = await complete({
      appointmentId: jobOnLocation(80).id,
      customerId: 80,
      serviceCode: 'battery test',
    });
    expect(tested.warrantyEndsOn).toBeNull();
  });

  it('installs a serial once: a second install is a 409 naming where it went, and takes nothing', async () => {
    const itemId = await addItem('Serial stock', 5);
    // Inventory meets Jane Doe at her first completed job.
    const first = jobOnLocation(91);
    await complete(batteryInstalled(first, itemId, { batterySerialNumber: 'DUP-77' }));

    const again = jobOnLocation(92);
    const refused = await refusal(
      complete(batteryInstalled(again, itemId, { batterySerialNumber: ' dup-77 ' })),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(
        `already installed in Jane Doe's car \\(appointment ${first.id}, \\w{3} \\d{1,2}, \\d{4}\\)`,
      ),
    );
    expect(refused.body.fieldErrors).toEqual({ batterySerialNumber: refused.body.message });
    expect(await quantityOf(itemId)).toBe(4);
    const found = await rpc.call('inventory.service-records.search', { serialNumber: 'DUP-77' });
    expect(found.map((r) => r.customerId)).toEqual([91]);

    // The old battery of a warranty replacement is already installed: naming it is no install.
    const warranty = await complete({
      ...batteryInstalled(jobOnLocation(91), itemId, { batterySerialNumber: 'DUP-78' }),
      serviceCode: 'warranty_replacement',
      previousBatterySerialNumber: 'DUP-77',
    });
    expect(warranty.previousBatterySerialNumber).toBe('DUP-77');
  });

  it('lets only one of two concurrent installs of one serial through', async () => {
    const itemId = await addItem('Race stock', 5);
    const results = await Promise.allSettled(
      [jobOnLocation(93), jobOnLocation(94)].map((job) =>
        complete(batteryInstalled(job, itemId, { batterySerialNumber: 'RACE-1' })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toMatchObject({ status: 409 });
    expect(await quantityOf(itemId)).toBe(4);
  });
});
