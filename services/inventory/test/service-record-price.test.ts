import { PRICES, ServiceRecordInput } from '@cincy/contracts';
import { RpcClient, createServiceApp, openServiceDatabase } from '@cincy/platform';
import {
  TEST_ACTORS,
  connectTestRpc,
  dropIsolatedStack,
  useIsolatedStack,
} from '@cincy/platform/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inventoryService } from '../src/app.module';
import { CreateInventoryItems1732200000001 } from '../src/migrations/1732200000001-create-inventory-items';
import { ServiceRecordsAndStock1732400000001 } from '../src/migrations/1732400000001-service-records-and-stock';
import { CustomersCopy1732500000001 } from '../src/migrations/1732500000001-customers-copy';
import { SerialsInstalledOnce1732600000001 } from '../src/migrations/1732600000001-serials-installed-once';
import { ServiceRecordPrice1733000000002 } from '../src/migrations/1733000000002-service-record-price';

// What the customer paid, kept on each service record: priced from the battery's model when the
// record is made, and for records from before, by the same rule when the column arrives.

const testStack = useIsolatedStack();
const { tech } = TEST_ACTORS;
const BEFORE = [
  CreateInventoryItems1732200000001,
  ServiceRecordsAndStock1732400000001,
  CustomersCopy1732500000001,
  SerialsInstalledOnce1732600000001,
];

let inventory: INestMicroservice | undefined;
let rpc: RpcClient | undefined;

afterAll(async () => {
  await rpc?.close();
  await inventory?.close();
  await dropIsolatedStack(testStack);
});

const open = (migrations: (typeof BEFORE)[number][]) =>
  openServiceDatabase({
    url: testStack.databaseUrl,
    schema: 'inventory',
    entities: [],
    migrations,
  });

it('prices the records made before: an AGM or standard install, nothing for the rest', async () => {
  const old = await open(BEFORE);
  const [{ agm }] = await old.query(`
    INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
    VALUES ('H6 AGM 760 CCA', 'OLD-AGM', 'battery', 5, 1, 180) RETURNING id AS agm`);
  const [{ flooded }] = await old.query(`
    INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
    VALUES ('Group 35 Flooded (MAGMA)', 'OLD-FL', 'battery', 5, 1, 120) RETURNING id AS flooded`);
  await old.query(
    `INSERT INTO service_records
       (appointment_id, customer_id, service_code, battery_serial_number,
        previous_battery_serial_number, inventory_item_id, completed_at)
     VALUES (1, 10, 'battery_installed', 'OLD-1', NULL, $1, '2026-01-05'),
            (2, 11, 'battery_installed', 'OLD-2', NULL, $2, '2026-01-06'),
            (3, 12, 'battery_installed', 'OLD-3', NULL, NULL, '2026-01-07'),
            (4, 10, 'warranty_replacement', 'OLD-4', 'OLD-1', $1, '2026-02-05'),
            (5, 13, 'test_only', NULL, NULL, NULL, '2026-02-06')`,
    [agm, flooded],
  );
  await old.destroy();

  const db: DataSource = await open([...BEFORE, ServiceRecordPrice1733000000002]);
  const prices = await db.query(
    'SELECT appointment_id AS id, price::float AS price FROM service_records ORDER BY 1',
  );
  await db.destroy();
  expect(prices).toEqual([
    { id: 1, price: PRICES.agm },
    { id: 2, price: PRICES.leadAcid }, // "MAGMA" is not AGM: a whole word only
    { id: 3, price: PRICES.leadAcid }, // no item on record: the standard price
    { id: 4, price: 0 },
    { id: 5, price: 0 },
  ]);
});

it("prices a new record from its battery's model, and answers the price and keeps it", async () => {
  inventory = await createServiceApp(inventoryService);
  rpc = await connectTestRpc(testStack.prefix);
  const db = inventory.get(DataSource);
  const item = async (name: string) =>
    (
      await db.query(
        `INSERT INTO inventory_items (name, sku, category, quantity, min_quantity, unit_cost)
         VALUES ($1, $1, 'battery', 5, 1, 150) RETURNING id`,
        [name],
      )
    )[0].id as number;
  const [agm, standard] = [await item('H7 AGM 850 CCA'), await item('Group 24F Flooded')];
  const record = (appointmentId: number, fields: Record<string, unknown>) =>
    rpc!.call('inventory.service-records.record', {
      record: { appointmentId, customerId: 50, vehicleMileage: '1000', ...fields } as never,
      technician: { id: tech.id, name: tech.name },
      customer: { name: 'Test Customer', phone: '5135550100' },
      actor: tech,
    });
  const install = (id: number, itemId: number): Partial<ServiceRecordInput> => ({
    serviceCode: 'battery installed' as never,
    batterySerialNumber: `NEW-${id}`,
    inventoryItemId: itemId,
  });

  expect((await record(201, install(201, agm))).price).toBe(PRICES.agm);
  expect((await record(202, install(202, standard))).price).toBe(PRICES.leadAcid);
  const warranty = await record(203, {
    ...install(203, agm),
    serviceCode: 'warranty replacement',
    previousBatterySerialNumber: 'NEW-201',
  });
  expect(warranty.price).toBe(0);
  expect((await record(204, { serviceCode: 'battery test' })).price).toBe(0);
  const stored = await db.query(
    'SELECT appointment_id AS id, price::float AS price FROM service_records WHERE appointment_id > 200 ORDER BY 1',
  );
  expect(stored.map((r: { price: number }) => r.price)).toEqual([
    PRICES.agm,
    PRICES.leadAcid,
    0,
    0,
  ]);
  // A customer's history reads the stored price.
  const history = await rpc!.call('inventory.service-records.of-customer', { customerId: 50 });
  expect(history.map((r) => r.price).sort()).toEqual([0, 0, PRICES.leadAcid, PRICES.agm].sort());
});
