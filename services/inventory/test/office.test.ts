import { InventoryItemInput, ServiceRecordInput } from '@cincy/contracts';
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
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  useIsolatedStack,
  openTestNats,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inventoryService } from '../src/app.module';

const testStack = useIsolatedStack();
const { admin, tech } = TEST_ACTORS;

let inventory: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: DataSource;

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

const publish = (event: ReturnType<typeof buildEvent>) =>
  new JetStreamPublisher(nats).publish(event);
const item = (name: string, extra: Partial<InventoryItemInput> = {}) => ({
  name,
  description: 'Group 48',
  quantity: 4,
  minQuantity: 2,
  unitCost: 120.5,
  notes: null,
  ...extra,
});
const movements = (itemId: number) =>
  db.query(
    `SELECT transaction_type, quantity_change, previous_quantity, new_quantity, user_id
       FROM inventory_transactions WHERE item_id = $1 ORDER BY id`,
    [itemId],
  );

/** A job of `customerId` completed with a battery of `itemId`, through the real use case. */
async function install(
  appointmentId: number,
  customerId: number,
  itemId: number,
  serial: string,
  name = 'Test Customer',
) {
  return rpc.call('inventory.service-records.record', {
    record: {
      appointmentId,
      customerId,
      serviceCode: 'battery_installed',
      batterySerialNumber: serial,
      vehicleMileage: '1000',
      inventoryItemId: itemId,
      completionNotes: 'Customer asked to call first',
    } as ServiceRecordInput,
    technician: { id: tech.id, name: tech.name },
    customer: { name, phone: '5135550100' },
    actor: tech,
  });
}

describe('inventory in the office', () => {
  it('records every change of an item: added, counted (a correction), edited', async () => {
    const created = await rpc.call('inventory.items.create', {
      item: item('H7 AGM'),
      actor: admin,
    });
    expect(created).toMatchObject({
      name: 'H7 AGM',
      category: 'battery',
      quantity: 4,
      unitCost: 120.5,
    });
    await rpc.call('inventory.items.update', {
      id: created.id,
      item: item('H7 AGM', { quantity: 9 }),
      actor: admin,
    });
    await rpc.call('inventory.items.update', {
      id: created.id,
      item: item('H7 AGM Platinum', { quantity: 9, sku: 'H7-P' }),
      actor: admin,
    });
    expect(await movements(created.id)).toEqual([
      {
        transaction_type: 'created',
        quantity_change: 4,
        previous_quantity: 0,
        new_quantity: 4,
        user_id: admin.id,
      },
      {
        transaction_type: 'correct',
        quantity_change: 5,
        previous_quantity: 4,
        new_quantity: 9,
        user_id: admin.id,
      },
      {
        transaction_type: 'edited',
        quantity_change: 0,
        previous_quantity: 9,
        new_quantity: 9,
        user_id: admin.id,
      },
    ]);
    const listed = (await rpc.call('inventory.items.list', {})).find((i) => i.id === created.id);
    expect(listed).toMatchObject({ name: 'H7 AGM Platinum', sku: 'H7-P', quantity: 9 });
  });

  it('refuses what the form rules refuse, with the spec messages', async () => {
    const bad = await rpc
      .call('inventory.items.create', {
        item: item('', { quantity: -1, minQuantity: -2, unitCost: -3 }),
        actor: admin,
      })
      .catch((e: RpcCallError) => e);
    expect(bad).toMatchObject({
      status: 400,
      body: {
        fieldErrors: {
          'item.name': 'Name is required',
          'item.quantity': 'Quantity must be positive',
          'item.minQuantity': 'Minimum quantity must be positive',
          'item.unitCost': 'Unit cost must be positive',
        },
      },
    });
  });

  it('erases an item nobody used, and retires one a service record points to', async () => {
    const unused = await rpc.call('inventory.items.create', { item: item('Unused'), actor: admin });
    expect(await rpc.call('inventory.items.delete', { id: unused.id, actor: admin })).toMatchObject(
      { retired: false },
    );
    expect(await db.query('SELECT 1 FROM inventory_items WHERE id = $1', [unused.id])).toEqual([]);

    const used = await rpc.call('inventory.items.create', { item: item('Used'), actor: admin });
    await install(901, 31, used.id, 'USED-1');
    expect(await rpc.call('inventory.items.delete', { id: used.id, actor: admin })).toMatchObject({
      retired: true,
    });
    const [row] = await db.query('SELECT is_active FROM inventory_items WHERE id = $1', [used.id]);
    expect(row.is_active).toBe(false);
    expect((await rpc.call('inventory.items.list', {})).some((i) => i.id === used.id)).toBe(false);
    expect((await movements(used.id)).at(-1)).toMatchObject({ transaction_type: 'retired' });
    const again = await rpc
      .call('inventory.items.delete', { id: used.id, actor: admin })
      .catch((e: RpcCallError) => e);
    expect(again).toMatchObject({ status: 404 });
  });

  it("shows a customer's history newest first, and finds batteries by part of a serial with whose they are", async () => {
    const stock = await rpc.call('inventory.items.create', {
      item: item('History stock'),
      actor: admin,
    });
    // Inventory meets the customer at the first completed job; the second keeps that copy.
    await install(910, 32, stock.id, 'HX-2024-001', 'Hana History');
    await install(911, 32, stock.id, 'HX-2025-002', 'Hana Other');
    const history = await rpc.call('inventory.service-records.of-customer', { customerId: 32 });
    expect(history.map((r) => r.batterySerialNumber)).toEqual(['HX-2025-002', 'HX-2024-001']);

    await consumerDrained(nats, 'inventory-customers');
    const found = await rpc.call('inventory.service-records.search', { serialNumber: 'hx-2025' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      batterySerialNumber: 'HX-2025-002',
      customer: { name: 'Hana History' },
    });
    expect(await rpc.call('inventory.service-records.search', { serialNumber: '_' })).toEqual([]);
  });

  it("forgets a deleted customer's name, phone and notes, keeping the records for stock and warranty", async () => {
    await publish(
      buildEvent('booking.customer.updated', {
        customer: { id: 32, name: 'Hana Renamed', phone: '5135550000', email: null },
      }),
    );
    await consumerDrained(nats, 'inventory-customers');
    expect(
      (await rpc.call('inventory.service-records.search', { serialNumber: 'HX-2025' }))[0].customer
        ?.name,
    ).toBe('Hana Renamed');
    await publish(buildEvent('booking.customer.deleted', { customerId: 32 }));
    await consumerDrained(nats, 'inventory-customers');
    const [record] = await rpc.call('inventory.service-records.search', {
      serialNumber: 'HX-2025',
    });
    expect(record).toMatchObject({
      customer: null,
      completionNotes: null,
      batterySerialNumber: 'HX-2025-002',
    });
    expect(await db.query('SELECT 1 FROM customers WHERE id = 32')).toEqual([]);

    // A completion that raced the deletion (the board had not heard of it yet) brings nothing back.
    const stock = await rpc.call('inventory.items.create', {
      item: item('Late stock'),
      actor: admin,
    });
    await install(912, 32, stock.id, 'HX-2026-003', 'Hana History');
    expect(await db.query('SELECT 1 FROM customers WHERE id = 32')).toEqual([]);
    const [late] = await rpc.call('inventory.service-records.search', { serialNumber: 'HX-2026' });
    expect(late.customer).toBeNull();
    expect(late.completionNotes).toBeNull();
  });

  it('keeps nothing of a customer deleted at the same moment as their job is completed (each of 20)', async () => {
    // The deletion (a consumer) and the completion (dispatch's call) are two transactions: each
    // must see the other, whichever commits first.
    const stock = await rpc.call('inventory.items.create', {
      item: item('Racing stock', { quantity: 40 }),
      actor: admin,
    });
    const ids = Array.from({ length: 20 }, (_, k) => 700 + k);
    await Promise.all(
      ids.flatMap((id) => [
        publish(buildEvent('booking.customer.deleted', { customerId: id })),
        install(2_000 + id, id, stock.id, `RACE-${id}`, 'Rita Race'),
      ]),
    );
    await consumerDrained(nats, 'inventory-customers');
    expect(await db.query('SELECT id FROM customers WHERE id = ANY($1)', [ids])).toEqual([]);
    const noted = await db.query(
      'SELECT customer_id FROM service_records WHERE customer_id = ANY($1) AND completion_notes IS NOT NULL',
      [ids],
    );
    expect(noted).toEqual([]);
    const records = await db.query('SELECT 1 FROM service_records WHERE customer_id = ANY($1)', [
      ids,
    ]);
    expect(records).toHaveLength(20);
  });
});
