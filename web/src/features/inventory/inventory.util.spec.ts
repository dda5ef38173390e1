import type { InventoryItem } from '@cincy/contracts';
import {
  canManageInventory,
  categoryLabel,
  inventorySummary,
  itemValue,
  visibleItems,
} from './inventory.util';

const item = (
  id: number,
  quantity: number,
  minQuantity: number,
  unitCost: number,
): InventoryItem => ({
  id,
  name: `Item ${id}`,
  description: null,
  sku: null,
  category: 'battery',
  quantity,
  minQuantity,
  unitCost,
  price: null,
  warrantyMonths: 12,
  vanMinQuantity: 0,
  byLocation: [],
  notes: null,
});

describe('inventorySummary', () => {
  it('counts the items and sums quantity times unit cost, to the cent', () => {
    const summary = inventorySummary([
      item(1, 12, 4, 139.99),
      item(2, 3, 5, 89.5),
      item(3, 0, 2, 164.25),
    ]);
    expect(summary.totalItems).toBe(3);
    expect(summary.totalValue).toBe(1948.38);
  });

  it('adds cents without floating-point dust', () => {
    expect(inventorySummary([item(1, 1, 0, 0.1), item(2, 1, 0, 0.2)]).totalValue).toBe(0.3);
  });

  it('counts an item as low at or below its minimum, not above', () => {
    const items = [item(1, 4, 5, 1), item(2, 5, 5, 1), item(3, 6, 5, 1), item(4, 0, 0, 1)];
    expect(inventorySummary(items).lowStock).toBe(3);
    expect(visibleItems(items, true).map((i) => i.id)).toEqual([1, 2, 4]);
    expect(visibleItems(items, false).map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });

  it('is all zeros for an empty list', () => {
    expect(inventorySummary([])).toEqual({ totalItems: 0, totalValue: 0, lowStock: 0 });
  });
});

describe('itemValue', () => {
  it('is quantity times unit cost', () => {
    expect(itemValue({ quantity: 11, unitCost: 139.99 })).toBe(1539.89);
    expect(itemValue({ quantity: 0, unitCost: 164.25 })).toBe(0);
  });
});

describe('canManageInventory', () => {
  it('lets admins add, edit and delete, and technicians only read', () => {
    expect(canManageInventory({ role: 'admin' })).toBe(true);
    expect(canManageInventory({ role: 'technician' })).toBe(false);
  });
});

describe('categoryLabel', () => {
  it('names the two categories and keeps anything else as it is', () => {
    expect(categoryLabel('battery')).toBe('Battery');
    expect(categoryLabel('supply')).toBe('Supply');
    expect(categoryLabel('tools')).toBe('tools');
    expect(categoryLabel(null)).toBe('');
  });
});
