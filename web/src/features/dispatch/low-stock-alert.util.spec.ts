import type { InventoryItem } from '@cincy/contracts';
import { belowMinimum, lowStockText, nextLowStockAlerts } from './low-stock-alert.util';

const item = (id: number, quantity: number, minQuantity = 5): InventoryItem => ({
  id,
  name: `Item ${id}`,
  description: null,
  sku: null,
  category: 'battery',
  quantity,
  minQuantity,
  unitCost: 100,
  price: null,
  warrantyMonths: 12,
  vanMinQuantity: 0,
  byLocation: [],
  notes: null,
});
const ids = (items: InventoryItem[]) => items.map((i) => [i.id, i.quantity]);

describe('the low-stock alert', () => {
  it('reads "Low stock: <name> — n left (minimum m)"', () => {
    expect(lowStockText({ name: 'H6 AGM', quantity: 2, minQuantity: 5 })).toBe(
      'Low stock: H6 AGM — 2 left (minimum 5)',
    );
  });

  it('alerts an item an install takes below its minimum, not one at it', () => {
    expect(belowMinimum({ quantity: 4, minQuantity: 5 })).toBe(true);
    expect(belowMinimum({ quantity: 5, minQuantity: 5 })).toBe(false);
    const before = [item(1, 5), item(2, 9)];
    expect(ids(nextLowStockAlerts([], before, [item(1, 4), item(2, 9)]))).toEqual([[1, 4]]);
    expect(nextLowStockAlerts([], [item(1, 6)], [item(1, 5)])).toEqual([]);
  });

  it('does not alert what was already below its minimum, nor anything on the first load', () => {
    expect(nextLowStockAlerts([], [item(1, 3)], [item(1, 2)])).toEqual([]);
    expect(nextLowStockAlerts([], undefined, [item(1, 2)])).toEqual([]);
    // A new item added below its minimum was not taken there by an install.
    expect(nextLowStockAlerts([], [], [item(3, 0)])).toEqual([]);
  });

  it('keeps an alert current, and drops it once the stock is back or the item gone', () => {
    const alerts = nextLowStockAlerts([], [item(1, 5)], [item(1, 4)]);
    const lower = nextLowStockAlerts(alerts, [item(1, 4)], [item(1, 3)]);
    expect(ids(lower)).toEqual([[1, 3]]);
    expect(nextLowStockAlerts(lower, [item(1, 3)], [item(1, 8)])).toEqual([]);
    expect(nextLowStockAlerts(lower, [item(1, 3)], [])).toEqual([]);
  });

  it('puts the newest alert first, once per item', () => {
    const first = nextLowStockAlerts([], [item(1, 5), item(2, 5)], [item(1, 4), item(2, 5)]);
    const both = nextLowStockAlerts(first, [item(1, 4), item(2, 5)], [item(1, 4), item(2, 1)]);
    expect(ids(both)).toEqual([
      [2, 1],
      [1, 4],
    ]);
  });
});
