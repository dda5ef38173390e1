import {
  ERROR_CODES,
  TRANSFER_MESSAGES,
  WAREHOUSE_LOCATION_ID,
  type Actor,
  type ServiceRecordInput,
} from '@cincy/contracts';
import {
  JetStreamPublisher,
  NatsConnectionHolder,
  RpcClient,
  buildEvent,
  createServiceApp,
} from '@cincy/platform';
import {
  TEST_ACTORS,
  boardView,
  connectTestRpc,
  consumerDrained,
  dropIsolatedStack,
  eventually,
  openTestNats,
  requestedPayload,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inventoryService } from '../src/app.module';

// Stock where it is (issue 37, ADR 0118): the warehouse and a van per technician.

const testStack = useIsolatedStack();
const { admin, tech, otherTech } = TEST_ACTORS;

let inventory: INestMicroservice;
let rpc: RpcClient;
let nats: NatsConnectionHolder;
let db: DataSource;
let nextJob = 500;
const vans = new Map<number, number>();

const userFacts = (a: Actor) => ({
  id: a.id,
  username: a.username,
  name: a.name ?? a.username,
  role: a.role,
  employeeId: null,
});

beforeAll(async () => {
  inventory = await createServiceApp(inventoryService);
  db = inventory.get(DataSource);
  rpc = await connectTestRpc(testStack.prefix);
  nats = await openTestNats(testStack.prefix);
  const publisher = new JetStreamPublisher(nats);
  for (const user of [admin, tech, otherTech])
    await publisher.publish(buildEvent('identity.user.created', { user: userFacts(user) }));
  await eventually(async () => (await rpc.call('inventory.locations.list', {})).length === 3);
  for (const place of await rpc.call('inventory.locations.list', {}))
    if (place.technicianId) vans.set(place.technicianId, place.id);
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

const itemOf = async (itemId: number) =>
  (await rpc.call('inventory.items.list', {})).find((i) => i.id === itemId)!;

const transfer = (itemId: number, from: number, to: number, quantity: number) =>
  rpc.call('inventory.transfers.create', {
    transfer: {
      itemId,
      fromLocationId: from,
      toLocationId: to,
      quantity,
      reason: 'Morning restock',
    },
    actor: admin,
  });

/** A battery installed by `technician` (dispatch's call once the job may complete). */
const install = (itemId: number, technician: Actor) => {
  const job = nextJob++;
  return rpc.call('inventory.service-records.record', {
    record: {
      appointmentId: job,
      customerId: 40,
      serviceCode: 'battery installed',
      batterySerialNumber: `LOC-${job}`,
      vehicleMileage: '1000',
      inventoryItemId: itemId,
    } as unknown as ServiceRecordInput,
    technician: { id: technician.id, name: technician.name },
    customer: { name: 'Jane Doe', phone: '5135550100' },
    actor: technician,
  });
};

const lastReason = async (itemId: number) =>
  (
    await db.query(
      'SELECT reason FROM inventory_transactions WHERE item_id = $1 ORDER BY id DESC LIMIT 1',
      [itemId],
    )
  )[0].reason as string;

describe('stock per location (inventory)', () => {
  it('lists the warehouse, then a van per technician named after them (none for an admin)', async () => {
    expect(await rpc.call('inventory.locations.list', {})).toEqual([
      { id: WAREHOUSE_LOCATION_ID, kind: 'warehouse', name: 'Warehouse', technicianId: null },
      {
        id: vans.get(otherTech.id),
        kind: 'van',
        name: "Otto Other's van",
        technicianId: otherTech.id,
      },
      { id: vans.get(tech.id), kind: 'van', name: "Tess Tech's van", technicianId: tech.id },
    ]);
  });

  it('moves units to a van: each place counts, the total stays, the move is recorded', async () => {
    const itemId = await addItem('Van H6', 5);
    const van = vans.get(tech.id)!;
    const { item, movement } = await transfer(itemId, WAREHOUSE_LOCATION_ID, van, 2);
    expect(item.quantity).toBe(5);
    expect(item.byLocation).toEqual([
      { locationId: WAREHOUSE_LOCATION_ID, quantity: 3, technicianId: null },
      { locationId: van, quantity: 2, technicianId: tech.id },
    ]);
    expect(movement).toMatchObject({
      type: 'transfer',
      quantityChange: 0,
      previousQuantity: 5,
      newQuantity: 5,
      reason: "2 from Warehouse to Tess Tech's van: Morning restock",
      userName: admin.name,
    });
    expect((await itemOf(itemId)).byLocation).toEqual(item.byLocation);
  });

  it('refuses to move more than a place holds, or to a place that is not one, changing nothing', async () => {
    const itemId = await addItem('Van H7', 4);
    const van = vans.get(tech.id)!;
    await transfer(itemId, WAREHOUSE_LOCATION_ID, van, 1);
    await expect(transfer(itemId, van, WAREHOUSE_LOCATION_ID, 2)).rejects.toMatchObject({
      status: 409,
      body: {
        code: ERROR_CODES.conflict,
        message: TRANSFER_MESSAGES.notEnough('Van H7', 1, "Tess Tech's van"),
      },
    });
    await expect(transfer(itemId, WAREHOUSE_LOCATION_ID, van, 4)).rejects.toMatchObject({
      status: 409,
      body: { message: TRANSFER_MESSAGES.notEnough('Van H7', 3, 'Warehouse') },
    });
    await expect(transfer(itemId, WAREHOUSE_LOCATION_ID, 99_999, 1)).rejects.toMatchObject({
      status: 404,
      body: { message: TRANSFER_MESSAGES.unknownLocation },
    });
    expect((await itemOf(itemId)).byLocation).toEqual([
      { locationId: WAREHOUSE_LOCATION_ID, quantity: 3, technicianId: null },
      { locationId: van, quantity: 1, technicianId: tech.id },
    ]);
  });

  it("keeps a count or write-off to the warehouse's share: the vans' units are theirs", async () => {
    const itemId = await addItem('Van 35', 5);
    await transfer(itemId, WAREHOUSE_LOCATION_ID, vans.get(tech.id)!, 2);
    const writeOff = (quantity: number) =>
      rpc.call('inventory.movements.record', {
        itemId,
        movement: { type: 'write_off', quantity, reason: 'Cracked case' },
        actor: admin,
      });
    await expect(writeOff(4)).rejects.toMatchObject({
      status: 409,
      body: { message: TRANSFER_MESSAGES.inVans('Van 35', 2) },
    });
    const { item } = await writeOff(3);
    expect(item.byLocation[0]).toEqual({
      locationId: WAREHOUSE_LOCATION_ID,
      quantity: 0,
      technicianId: null,
    });
    expect(item.quantity).toBe(2);
  });

  it("takes a completion's battery from the technician's van, else the warehouse, else the van holding one", async () => {
    const itemId = await addItem('Van 24F', 3);
    const tess = vans.get(tech.id)!;
    await transfer(itemId, WAREHOUSE_LOCATION_ID, tess, 2);

    await install(itemId, tech);
    expect((await itemOf(itemId)).byLocation).toEqual([
      { locationId: WAREHOUSE_LOCATION_ID, quantity: 1, technicianId: null },
      { locationId: tess, quantity: 1, technicianId: tech.id },
    ]);
    expect(await lastReason(itemId)).toMatch(/\(from Tess Tech's van\)$/);

    // Otto's van holds none: the warehouse's unit.
    await install(itemId, otherTech);
    expect((await itemOf(itemId)).byLocation).toEqual([
      { locationId: WAREHOUSE_LOCATION_ID, quantity: 0, technicianId: null },
      { locationId: tess, quantity: 1, technicianId: tech.id },
    ]);
    expect(await lastReason(itemId)).not.toContain('(from');

    // Neither has one left: the books say Tess's van holds it, so it came from there.
    await install(itemId, otherTech);
    const item = await itemOf(itemId);
    expect(item.quantity).toBe(0);
    expect(item.byLocation).toEqual([
      { locationId: WAREHOUSE_LOCATION_ID, quantity: 0, technicianId: null },
    ]);
    expect(await lastReason(itemId)).toMatch(/\(from Tess Tech's van\)$/);
  });
});

describe('reservations (inventory, ADR 0119)', () => {
  const h6 = { groupSize: '48', technology: 'AGM' as const };
  const stock = async () => (await rpc.call('inventory.batteries.stock', { batteries: [h6] }))[0];
  const booked = (appointmentId: number, battery: typeof h6 | null = h6) =>
    new JetStreamPublisher(nats).publish(
      buildEvent(
        'booking.appointment.requested',
        requestedPayload(appointmentId, 'R', { battery }),
      ),
    );

  it('counts a booked visit on a battery of its type until it is done or let go, never twice', async () => {
    await addItem('Reserved H6 AGM', 2);
    expect(await stock()).toEqual({ ...h6, onHand: 2, reserved: 0, free: 2 });
    await booked(801);
    await booked(801); // redelivered: still one
    await booked(802);
    await booked(803, null); // its battery is not known: nothing reserved
    await eventually(async () => (await stock()).reserved === 2);
    expect(await stock()).toEqual({ ...h6, onHand: 2, reserved: 2, free: 0 });

    // Cancelled: its battery is free again.
    await new JetStreamPublisher(nats).publish(
      buildEvent('dispatch.appointment.cancelled', {
        appointment: boardView({ id: 801, status: 'cancelled' }),
      }),
    );
    await eventually(async () => (await stock()).free === 1);

    // Completed: the unit leaves stock and the reservation with it.
    const [{ id: itemId }] = await db.query(`SELECT id FROM inventory_items WHERE name = $1`, [
      'Reserved H6 AGM',
    ]);
    await rpc.call('inventory.service-records.record', {
      record: {
        appointmentId: 802,
        customerId: 41,
        serviceCode: 'battery installed',
        batterySerialNumber: 'RES-802',
        vehicleMileage: '1000',
        inventoryItemId: itemId,
      } as unknown as ServiceRecordInput,
      technician: { id: tech.id, name: tech.name },
      customer: { name: 'Jane Doe', phone: '5135550100' },
      actor: tech,
    });
    expect(await stock()).toEqual({ ...h6, onHand: 1, reserved: 0, free: 1 });
  });

  it('holds no battery for a visit cancelled at the same moment as it was booked (each of 20)', async () => {
    // Two consumers, two transactions, in either order: the release wins, whichever of the two is
    // applied first (a battery type of its own, so nothing else here counts on it).
    const group31 = { groupSize: '31', technology: 'AGM' as const };
    const ids = Array.from({ length: 20 }, (_, k) => 1_100 + k);
    await Promise.all(
      ids.flatMap((id) => [
        new JetStreamPublisher(nats).publish(
          buildEvent('dispatch.appointment.cancelled', {
            appointment: boardView({ id, status: 'cancelled' }),
          }),
        ),
        booked(id, group31),
      ]),
    );
    await consumerDrained(nats, 'inventory-reservations');
    await consumerDrained(nats, 'inventory-releases');
    const [answer] = await rpc.call('inventory.batteries.stock', { batteries: [group31] });
    expect(answer.reserved).toBe(0);

    // Released for good: a booking of one of them applied again reserves nothing.
    await booked(ids[0], group31);
    await consumerDrained(nats, 'inventory-reservations');
    const [again] = await rpc.call('inventory.batteries.stock', { batteries: [group31] });
    expect(again.reserved).toBe(0);
  });
});

describe('batteries due for their free test (inventory)', () => {
  const record = (appointmentId: number, serial: string, completedAt: string, previous?: string) =>
    rpc.call('inventory.service-records.record', {
      record: {
        appointmentId,
        customerId: 60,
        serviceCode: previous ? 'warranty replacement' : 'battery installed',
        batterySerialNumber: serial,
        previousBatterySerialNumber: previous,
        vehicleMileage: '1000',
        inventoryItemId: dueItem,
      } as unknown as ServiceRecordInput,
      technician: { id: tech.id, name: tech.name },
      customer: { name: 'Old Customer', phone: '5135550160' },
      actor: admin,
      completedAt,
    });
  let dueItem: number;

  it('lists the batteries installed three years ago or more still in their car, oldest first', async () => {
    dueItem = await addItem('Due 35', 5);
    const yearsAgo = (years: number) => {
      const at = new Date();
      at.setUTCFullYear(at.getUTCFullYear() - years);
      return at.toISOString();
    };
    await record(901, 'DUE-OLD', yearsAgo(4));
    await record(902, 'DUE-NEW', yearsAgo(1));
    // Installed four years ago, replaced since: no longer in the car.
    await record(903, 'DUE-GONE', yearsAgo(4));
    await db.query(
      `INSERT INTO service_records (appointment_id, customer_id, service_code, battery_serial_number,
                                    previous_battery_serial_number, completed_at)
       VALUES (904, 60, 'battery_installed', 'DUE-REPL', 'DUE-GONE', now() - interval '2 years')`,
    );
    const due = await rpc.call('inventory.warranty.due-tests', {});
    const serials = due.map((d) => d.serial);
    expect(serials).toContain('DUE-OLD');
    expect(serials).not.toContain('DUE-NEW');
    expect(serials).not.toContain('DUE-GONE');
    expect(due.find((d) => d.serial === 'DUE-OLD')).toMatchObject({
      appointmentId: 901,
      customer: { id: 60, name: 'Old Customer', phone: '5135550160' },
      model: 'Due 35',
    });
  });
});
