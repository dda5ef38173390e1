import 'fake-indexeddb/auto';
import { openFieldDB, type FieldDB } from './field-db';
import { createFieldStore } from './store';

const NAME = 'store-test';
let db: FieldDB;

beforeEach(async () => {
  db = await openFieldDB({ name: NAME });
  await Promise.all([db.clear('kv'), db.clear('drafts')]);
});
afterEach(() => db.close());

/** A store on the database as a later open of the app finds it. */
async function reopened() {
  db.close();
  db = await openFieldDB({ name: NAME });
  return createFieldStore(async () => db);
}

it('keeps the jobs of each user with when the server last answered', async () => {
  const answeredAt = new Date('2026-11-28T14:00:00.000Z');
  const store = createFieldStore(async () => db);
  await store.saveJobs(7, [{ id: 12 }], answeredAt);
  await store.saveJobs(8, [{ id: 13 }, { id: 14 }], answeredAt);

  const later = await reopened();
  expect(await later.lastJobs(7)).toEqual({ jobs: [{ id: 12 }], answeredAt });
  expect(await later.lastJobs(8)).toEqual({ jobs: [{ id: 13 }, { id: 14 }], answeredAt });
  expect(await later.lastJobs(9)).toBeNull();
});

it('keeps the user until forgotten', async () => {
  const store = createFieldStore(async () => db);
  expect(await store.lastUser()).toBeNull();
  await store.saveUser({ id: 7, name: 'Dana', role: 'technician' });

  const later = await reopened();
  expect(await later.lastUser()).toEqual({ id: 7, name: 'Dana', role: 'technician' });
  await later.forgetUser();
  expect(await later.lastUser()).toBeNull();
});

it('keeps the batteries last read', async () => {
  const store = createFieldStore(async () => db);
  expect(await store.lastBatteries()).toEqual([]);
  await store.saveBatteries([{ id: 1, name: 'H6 AGM' }]);

  const later = await reopened();
  expect(await later.lastBatteries()).toEqual([{ id: 1, name: 'H6 AGM' }]);
});

it('keeps a draft per job until it is dropped', async () => {
  const store = createFieldStore(async () => db);
  await store.saveDraft(12, { batterySerialNumber: 'AB123' });
  await store.saveDraft(13, { vehicleMileage: '52000' });
  await store.saveDraft(12, { batterySerialNumber: 'AB1234' });

  const later = await reopened();
  expect(await later.draft(12)).toEqual({ batterySerialNumber: 'AB1234' });
  await later.dropDraft(12);
  expect(await later.draft(12)).toBeNull();
  expect(await later.draft(13)).toEqual({ vehicleMileage: '52000' });
});
