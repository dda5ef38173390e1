import { RpcClient, createServiceApp } from '@cincy/platform';
import { connectTestRpc, dropIsolatedStack, useIsolatedStack } from '@cincy/platform/testing';
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
    INSERT INTO inventory_items (name, description, sku, category, quantity, min_quantity, unit_cost, is_active)
    VALUES ('H6 AGM', 'Group 48 AGM', 'AGM-H6', 'battery', 3, 5, 142.50, true),
           ('24F Lead Acid', NULL, 'LA-24F', 'battery', 12, 5, 89.99, true),
           ('Terminal cleaner', 'Spray', 'TC-1', 'supply', 5, 5, 4.25, true),
           ('Retired item', NULL, 'OLD-1', 'battery', 0, 5, 10, false)`);
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
      notes: null,
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
