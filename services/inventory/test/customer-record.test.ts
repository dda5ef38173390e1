import { BatteryLink, ServiceRecordInput, servicePrice, warrantyEndsOn } from '@cincy/contracts';
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
const { tech } = TEST_ACTORS;

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

const newItem = async (name: string) =>
  (
    await rpc.call('inventory.items.create', {
      item: { name, description: null, quantity: 10, minQuantity: 1, unitCost: 90, notes: null },
      actor: TEST_ACTORS.admin,
    })
  ).id;

/** A job completed through the real use case. */
const complete = (record: Partial<ServiceRecordInput> & { appointmentId: number }) =>
  rpc.call('inventory.service-records.record', {
    record: { customerId: 501, serviceCode: 'battery_installed', ...record } as ServiceRecordInput,
    technician: { id: tech.id, name: tech.name },
    customer: { name: 'Test Customer', phone: '5135550100' },
    actor: tech,
  });

describe("a customer's record in inventory", () => {
  it("history rows carry the vehicle, the battery's model and the price", async () => {
    await db.query(
      `INSERT INTO customers (id, name, phone) VALUES (501, 'Ann Chain', '5135550101')`,
    );
    const agm = await newItem('H6 AGM Platinum');
    const flooded = await newItem('Group 35 Standard');
    await complete({
      appointmentId: 9001,
      batterySerialNumber: 'CR-AGM-1',
      inventoryItemId: agm,
      vehicleMileage: '42,000',
      vehicleYear: '2018',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleColor: 'blue',
    });
    await complete({ appointmentId: 9002, serviceCode: 'test_only' });
    await complete({
      appointmentId: 9003,
      batterySerialNumber: 'CR-STD-1',
      inventoryItemId: flooded,
      vehicleMileage: '1000',
    });

    const rows = await rpc.call('inventory.service-records.history', { customerId: 501 });
    expect(rows.map((r) => r.appointmentId)).toEqual([9003, 9002, 9001]); // newest first
    expect(rows[2]).toMatchObject({
      technicianName: tech.name,
      serviceCode: 'battery_installed',
      vehicle: '2018 Toyota Camry (blue)',
      batteryModel: 'H6 AGM Platinum',
      batterySerialNumber: 'CR-AGM-1',
      previousBatterySerialNumber: null,
      vehicleMileage: '42000',
      price: servicePrice('battery_installed', 'H6 AGM Platinum'),
    });
    expect(rows[1]).toMatchObject({ vehicle: null, batteryModel: null, price: 0 });
    expect(rows[0]).toMatchObject({
      batteryModel: 'Group 35 Standard',
      price: servicePrice('battery_installed', 'Group 35 Standard'),
    });
    expect(rows[2].price).not.toBe(rows[0].price); // AGM and standard are priced apart

    // The price paid stays when the item is renamed later (a new name would price otherwise).
    await db.query(`UPDATE inventory_items SET name = 'H6 Standard' WHERE id = $1`, [agm]);
    const later = await rpc.call('inventory.service-records.history', { customerId: 501 });
    expect(later[2]).toMatchObject({
      batteryModel: 'H6 Standard',
      price: servicePrice('battery_installed', 'H6 AGM Platinum'),
    });
  });

  it("a battery's chain: installed, replaced under warranty by which serial, warranty ends", async () => {
    const item = await newItem('H7 AGM');
    const first = await complete({
      appointmentId: 9101,
      batterySerialNumber: 'CHAIN-A',
      inventoryItemId: item,
      vehicleMileage: '5000',
      vehicleMake: 'Ford',
    });
    const second = await complete({
      appointmentId: 9102,
      serviceCode: 'warranty_replacement',
      batterySerialNumber: 'CHAIN-B',
      previousBatterySerialNumber: 'chain-a',
      inventoryItemId: item,
      vehicleMileage: '9000',
    });
    await complete({
      appointmentId: 9103,
      serviceCode: 'warranty_replacement',
      batterySerialNumber: 'CHAIN-C',
      previousBatterySerialNumber: 'CHAIN-B',
      inventoryItemId: item,
      vehicleMileage: '12000',
    });

    // From the middle of the chain, in any case: the whole chain, oldest first.
    const { serial, chain } = await rpc.call('inventory.service-records.chain', {
      serial: 'chain-b',
    });
    expect(serial).toBe('CHAIN-B');
    expect(chain.map((l: BatteryLink) => [l.serial, l.replaces, l.replacedBy?.serial])).toEqual([
      ['CHAIN-A', null, 'CHAIN-B'],
      ['CHAIN-B', 'chain-a', 'CHAIN-C'],
      ['CHAIN-C', 'CHAIN-B', undefined],
    ]);
    expect(chain[0]).toMatchObject({
      appointmentId: 9101,
      serviceCode: 'battery_installed',
      vehicle: 'Ford',
      customer: { id: 501, name: 'Ann Chain' },
      batteryModel: 'H7 AGM',
      installedAt: first.completedAt,
      warrantyEndsOn: warrantyEndsOn(new Date(first.completedAt)),
      replacedBy: { serial: 'CHAIN-B', serviceCode: 'warranty_replacement' },
    });
    expect(chain[1].warrantyEndsOn).toBe(warrantyEndsOn(new Date(second.completedAt)));
    expect(chain[2].replacedBy).toBeNull();

    const alone = await rpc.call('inventory.service-records.chain', { serial: 'CR-STD-1' });
    expect(alone.chain).toHaveLength(1);
    expect(alone.chain[0]).toMatchObject({ serial: 'CR-STD-1', replaces: null, replacedBy: null });
  });

  it('a serial nobody installed is not found', async () => {
    const error = await rpc
      .call('inventory.service-records.chain', { serial: 'NEVER-INSTALLED' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcCallError);
    expect(error).toMatchObject({ status: 404 });
  });
});
