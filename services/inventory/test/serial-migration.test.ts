import { openServiceDatabase } from '@cincy/platform';
import { dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
import { DataSource } from 'typeorm';
import { CreateInventoryItems1732200000001 } from '../src/migrations/1732200000001-create-inventory-items';
import { ServiceRecordsAndStock1732400000001 } from '../src/migrations/1732400000001-service-records-and-stock';
import { CustomersCopy1732500000001 } from '../src/migrations/1732500000001-customers-copy';
import { SerialsInstalledOnce1732600000001 } from '../src/migrations/1732600000001-serials-installed-once';

// A database from before the install-once rule, where one serial went into two cars: the
// migration keeps both records, reports the duplicate, and guards every install after it.

const testStack = useIsolatedStack();
const BEFORE = [
  CreateInventoryItems1732200000001,
  ServiceRecordsAndStock1732400000001,
  CustomersCopy1732500000001,
];
let db: DataSource;

afterAll(async () => {
  await db?.destroy();
  await dropIsolatedStack(testStack);
});

it('reports serials installed twice instead of failing, keeps both records and refuses a third', async () => {
  const old = await openServiceDatabase({
    url: testStack.databaseUrl,
    schema: 'inventory',
    entities: [],
    migrations: BEFORE,
  });
  await old.query(`
    INSERT INTO service_records (appointment_id, customer_id, service_code, battery_serial_number, completed_at)
    VALUES (1, 10, 'battery_installed', 'TWICE-1', '2026-01-05'),
           (2, 11, 'battery_installed', 'twice-1', '2026-02-05'),
           (3, 12, 'battery_installed', 'ONCE-1', '2026-03-05')`);
  await old.destroy();

  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  db = await openServiceDatabase({
    url: testStack.databaseUrl,
    schema: 'inventory',
    entities: [],
    migrations: [...BEFORE, SerialsInstalledOnce1732600000001],
  });
  expect(warn).toHaveBeenCalledTimes(1);
  const report = JSON.parse(String(warn.mock.calls[0][0]));
  warn.mockRestore();
  expect(report).toMatchObject({
    msg: 'battery serials installed more than once, kept as legacy duplicates',
    duplicates: [{ serial: 'twice-1', appointment_id: 2 }],
  });

  const rows = await db.query(
    'SELECT appointment_id, legacy_duplicate_serial FROM service_records ORDER BY appointment_id',
  );
  expect(rows).toEqual([
    { appointment_id: 1, legacy_duplicate_serial: false },
    { appointment_id: 2, legacy_duplicate_serial: true },
    { appointment_id: 3, legacy_duplicate_serial: false },
  ]);
  await expect(
    db.query(`INSERT INTO service_records (appointment_id, customer_id, service_code, battery_serial_number)
              VALUES (4, 13, 'battery_installed', 'Twice-1')`),
  ).rejects.toThrow(/service_records_serial_installed_once/);
});
