import { RpcClient, createServiceApp } from '@cincy/platform';
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

let inventory: INestMicroservice;
let rpc: RpcClient;

beforeAll(async () => {
  inventory = await createServiceApp(inventoryService);
  rpc = await connectTestRpc(testStack.prefix);
  await inventory.get(DataSource).query(`
    INSERT INTO inventory_items (name, description, sku, category, quantity, min_quantity, unit_cost, price_cents, is_active)
    VALUES ('H6 AGM', 'Group 48 AGM', 'AGM-H6', 'battery', 3, 5, 142.50, 17000, true),
           ('24F Lead Acid', NULL, 'LA-24F', 'battery', 12, 5, 89.99, 12500, true),
           ('Terminal cleaner', 'Spray', 'TC-1', 'supply', 5, 5, 4.25, NULL, true),
           ('Retired item', NULL, 'OLD-1', 'battery', 0, 5, 10, 12500, false)`);
});

afterAll(async () => {
  await rpc.close();
  await inventory.close();
  await dropIsolatedStack(testStack);
});

const names = async (filter: { category?: 'battery' | 'supply'; lowStock?: boolean }) =>
  (await rpc.call('inventory.items.list', filter)).map((i) => i.name);

describe('inventory items', () => {
  it('lists active items by name in the spec shape, with the cost as a number', async () => {
    const items = await rpc.call('inventory.items.list', {});
    expect(items.map((i) => i.name)).toEqual(['24F Lead Acid', 'H6 AGM', 'Terminal cleaner']);
    expect(items[1]).toEqual({
      id: 1,
      name: 'H6 AGM',
      description: 'Group 48 AGM',
      sku: 'AGM-H6',
      category: 'battery',
      quantity: 3,
      minQuantity: 5,
      unitCost: 142.5,
      price: 170,
      warrantyMonths: 12,
      vanMinQuantity: 0,
      notes: null,
      byLocation: [{ locationId: 1, quantity: 3, technicianId: null }],
    });
  });

  it('filters by category and by low stock (quantity at or below the minimum)', async () => {
    expect(await names({ category: 'battery' })).toEqual(['24F Lead Acid', 'H6 AGM']);
    expect(await names({ lowStock: true })).toEqual(['H6 AGM', 'Terminal cleaner']);
    expect(await names({ category: 'battery', lowStock: true })).toEqual(['H6 AGM']);
  });

  it('lists every category an item can be created with', async () => {
    expect(await names({ category: 'supply' })).toEqual(['Terminal cleaner']);
  });
});

describe("an item's price", () => {
  const { admin } = TEST_ACTORS;
  const input = {
    description: null,
    sku: null,
    quantity: 1,
    minQuantity: 1,
    unitCost: 80,
    notes: null,
  };
  const create = (item: object) =>
    rpc.call('inventory.items.create', {
      item: { name: 'x', category: 'battery' as const, ...input, ...item },
      actor: admin,
    });

  it('starts a new battery at the house price of its kind, a supply at none, unless one is given', async () => {
    expect((await create({ name: 'Group 35 AGM' })).price).toBe(170);
    expect((await create({ name: 'Group 35 Standard' })).price).toBe(125);
    expect((await create({ name: 'Shop rags', category: 'supply' })).price).toBeNull();
    expect((await create({ name: 'Group 47 AGM', price: 189.999 })).price).toBe(190);
    expect((await create({ name: 'Group 47 Standard', price: null })).price).toBeNull();
  });

  it('is kept by an edit that sends none (a form from before prices), changed or cleared by one that does', async () => {
    const { id } = await create({ name: 'Group 65 Standard' });
    const update = (item: object) =>
      rpc.call('inventory.items.update', {
        id,
        item: { name: 'Group 65 Standard', category: 'battery' as const, ...input, ...item },
        actor: admin,
      });
    expect((await update({ notes: 'Top shelf' })).price).toBe(125);
    expect((await update({ price: 135.5 })).price).toBe(135.5);
    expect((await update({})).price).toBe(135.5);
    expect((await update({ price: null })).price).toBeNull();
    expect((await update({ warrantyMonths: 36 })).warrantyMonths).toBe(36);
    expect((await update({})).warrantyMonths).toBe(36);
  });
});
