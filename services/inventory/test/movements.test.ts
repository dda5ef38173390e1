import { STOCK_MOVEMENT_MESSAGES, ServiceRecordInput, StockMovementInput } from '@cincy/contracts';
import { RpcCallError, RpcClient, createServiceApp } from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inventoryService } from '../src/app.module';

const testStack = useIsolatedStack();
const { admin, tech } = TEST_ACTORS;

let inventory: INestMicroservice;
let rpc: RpcClient;
let db: DataSource;

beforeAll(async () => {
  inventory = await createServiceApp(inventoryService);
  db = inventory.get(DataSource);
  rpc = await connectTestRpc(testStack.prefix);
});

afterAll(async () => {
  await rpc.close();
  await inventory.close();
  await dropIsolatedStack(testStack);
});

const newItem = async (name: string, quantity: number, minQuantity = 2) =>
  (
    await rpc.call('inventory.items.create', {
      item: { name, quantity, minQuantity, unitCost: 100 },
      actor: admin,
    })
  ).id;
const move = (itemId: number, movement: StockMovementInput | Record<string, unknown>) =>
  rpc.call('inventory.movements.record', {
    itemId,
    movement: movement as StockMovementInput,
    actor: admin,
  });
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: RpcCallError) => e,
  );
const quantityOf = async (itemId: number) =>
  (await db.query('SELECT quantity FROM inventory_items WHERE id = $1', [itemId]))[0].quantity;
const rowsOf = (itemId: number) =>
  db.query(
    `SELECT transaction_type AS type, quantity_change AS change, previous_quantity AS before,
            new_quantity AS after, reason, user_id, user_name
       FROM inventory_transactions WHERE item_id = $1 ORDER BY id`,
    [itemId],
  );
const announced = async (itemId: number) =>
  (
    await db.query(
      `SELECT (payload->'item'->>'quantity')::int AS quantity FROM outbox
        WHERE type = 'inventory.item.changed' AND (payload->'item'->>'id')::int = $1 ORDER BY seq`,
      [itemId],
    )
  ).map((r: { quantity: number }) => r.quantity);

describe('stock movements', () => {
  it('receives, corrects a count and writes off: each a row with who, why and before → after', async () => {
    const id = await newItem('Movement AGM', 3);
    const received = await move(id, { type: 'receive', quantity: 10, reason: ' Shipment #88 ' });
    expect(received.item.quantity).toBe(13);
    expect(received.movement).toMatchObject({
      itemId: id,
      type: 'receive',
      quantityChange: 10,
      previousQuantity: 3,
      newQuantity: 13,
      reason: 'Shipment #88',
      userId: admin.id,
      userName: admin.name,
    });
    expect(new Date(received.movement.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A count sets the quantity: the change is counted - current.
    const counted = await move(id, { type: 'correct', quantity: 11, reason: 'Shelf count' });
    expect(counted.movement).toMatchObject({ quantityChange: -2, newQuantity: 11 });
    await move(id, { type: 'write_off', quantity: 1, reason: 'Cracked case' });
    expect(await quantityOf(id)).toBe(10);
    // A count of 0 is a count.
    await move(id, { type: 'correct', quantity: 0, reason: 'All gone after the flood' });
    expect(await quantityOf(id)).toBe(0);

    expect(await rowsOf(id)).toEqual([
      expect.objectContaining({ type: 'created', change: 3, before: 0, after: 3 }),
      { ...by(admin), type: 'receive', change: 10, before: 3, after: 13, reason: 'Shipment #88' },
      { ...by(admin), type: 'correct', change: -2, before: 13, after: 11, reason: 'Shelf count' },
      {
        ...by(admin),
        type: 'write_off',
        change: -1,
        before: 11,
        after: 10,
        reason: 'Cracked case',
      },
      {
        ...by(admin),
        type: 'correct',
        change: -10,
        before: 10,
        after: 0,
        reason: 'All gone after the flood',
      },
    ]);
    // Each movement announces the item, so boards and Inventory screens update.
    expect(await announced(id)).toEqual([3, 13, 11, 10, 0]);
  });

  it('never goes below 0, and refuses a bad type, an empty or long reason and an unknown item', async () => {
    const id = await newItem('Refused AGM', 2);
    const belowZero = await refusal(
      move(id, { type: 'write_off', quantity: 3, reason: 'Dropped' }),
    );
    expect(belowZero).toMatchObject({
      status: 409,
      body: { message: STOCK_MOVEMENT_MESSAGES.belowZero('Refused AGM', 2, 3) },
    });
    expect(belowZero.body.message).toBe('Only 2 of Refused AGM in stock: cannot write off 3');

    const badType = await refusal(move(id, { type: 'steal', quantity: 1, reason: 'x' }));
    expect(badType).toMatchObject({
      status: 400,
      body: { fieldErrors: { 'movement.type': STOCK_MOVEMENT_MESSAGES.type } },
    });
    const emptyReason = await refusal(move(id, { type: 'receive', quantity: 1, reason: '   ' }));
    expect(emptyReason.body.fieldErrors).toEqual({
      'movement.reason': STOCK_MOVEMENT_MESSAGES.reasonRequired,
    });
    const noReason = await refusal(move(id, { type: 'receive', quantity: 1 }));
    expect(noReason.status).toBe(400);
    const longReason = await refusal(
      move(id, { type: 'receive', quantity: 1, reason: 'x'.repeat(201) }),
    );
    expect(longReason.body.fieldErrors).toEqual({
      'movement.reason': 'Reason must be at most 200 characters',
    });
    const nothing = await refusal(move(id, { type: 'receive', quantity: 0, reason: 'Empty box' }));
    expect(nothing.body.fieldErrors).toEqual({
      'movement.quantity': STOCK_MOVEMENT_MESSAGES.received,
    });
    const fraction = await refusal(move(id, { type: 'write_off', quantity: 1.5, reason: 'Half' }));
    expect(fraction.status).toBe(400);

    const unknown = await refusal(move(999_999, { type: 'receive', quantity: 1, reason: 'x' }));
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Inventory item not found' } });
    expect(
      await refusal(rpc.call('inventory.movements.of-item', { itemId: 999_999 })),
    ).toMatchObject({ status: 404 });

    // Nothing refused changed the stock or wrote a row.
    expect(await quantityOf(id)).toBe(2);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('records an edited quantity in the item form as a count correction, and a same-count edit as an edit', async () => {
    const id = await newItem('Edited AGM', 4);
    const form = { name: 'Edited AGM', quantity: 4, minQuantity: 2, unitCost: 100 };
    await rpc.call('inventory.items.update', { id, item: { ...form, quantity: 6 }, actor: admin });
    await rpc.call('inventory.items.update', {
      id,
      item: { ...form, quantity: 6, name: 'Edited AGM Pro' },
      actor: admin,
    });
    expect((await rowsOf(id)).slice(1)).toEqual([
      {
        ...by(admin),
        type: 'correct',
        change: 2,
        before: 4,
        after: 6,
        reason: STOCK_MOVEMENT_MESSAGES.editedCount,
      },
      { ...by(admin), type: 'edited', change: 0, before: 6, after: 6, reason: 'Details edited' },
    ]);
  });

  it("lists an item's movements newest first, installs included, at most 100", async () => {
    const id = await newItem('Listed AGM', 1);
    await db.query(
      `INSERT INTO inventory_transactions
         (item_id, transaction_type, quantity_change, previous_quantity, new_quantity, reason, created_at)
       SELECT $1, 'receive', 1, n, n + 1, 'old', now() - interval '1 day' + n * interval '1 second'
         FROM generate_series(1, 120) AS n`,
      [id],
    );
    await move(id, { type: 'receive', quantity: 5, reason: 'Newest' });
    await rpc.call('inventory.service-records.record', {
      record: {
        appointmentId: 4401,
        customerId: 44,
        serviceCode: 'battery_installed',
        batterySerialNumber: 'MOVE-1',
        vehicleMileage: '1000',
        inventoryItemId: id,
      } as ServiceRecordInput,
      technician: { id: tech.id, name: tech.name },
      customer: { name: 'Test Customer', phone: '5135550100' },
      actor: tech,
    });
    const list = await rpc.call('inventory.movements.of-item', { itemId: id });
    expect(list).toHaveLength(100);
    expect(list.slice(0, 2)).toMatchObject([
      {
        type: 'battery_installed',
        quantityChange: -1,
        appointmentId: 4401,
        userId: tech.id,
        userName: tech.name,
      },
      { type: 'receive', reason: 'Newest', userName: admin.name },
    ]);
    const times = list.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

function by(actor: { id: number; name: string }) {
  return { user_id: actor.id, user_name: actor.name };
}
