import type { InventoryItem, StockLocation } from '@cincy/contracts';
import { placeCounts, vanShortages } from './location-stock.util';

const places: StockLocation[] = [
  { id: 1, kind: 'warehouse', name: 'Warehouse', technicianId: null },
  { id: 2, kind: 'van', name: "Dana's van", technicianId: 7 },
  { id: 3, kind: 'van', name: "Sam's van", technicianId: 8 },
];

const item = (id: number, name: string, vanMinQuantity: number, held: [number, number][]) =>
  ({
    id,
    name,
    vanMinQuantity,
    byLocation: held.map(([locationId, quantity]) => ({
      locationId,
      quantity,
      technicianId: null,
    })),
  }) as InventoryItem;

describe('placeCounts', () => {
  it('lists every place with its count, a van holding none at 0, a van below the minimum low', () => {
    expect(
      placeCounts(
        places,
        item(1, 'H6', 2, [
          [1, 4],
          [3, 2],
        ]),
      ),
    ).toEqual([
      { id: 1, name: 'Warehouse', quantity: 4, low: false },
      { id: 2, name: "Dana's van", quantity: 0, low: true },
      { id: 3, name: "Sam's van", quantity: 2, low: false },
    ]);
    expect(placeCounts(places, item(1, 'H6', 0, [])).some((p) => p.low)).toBe(false);
  });
});

describe('vanShortages', () => {
  it('names each van below the minimum of each item that has one', () => {
    const items = [
      item(1, 'H6 AGM', 2, [
        [2, 1],
        [3, 2],
      ]),
      item(2, 'Cleaner', 0, []),
    ];
    expect(vanShortages(items, places)).toEqual([
      { key: '2-1', van: "Dana's van", item: 'H6 AGM', held: 1, minimum: 2 },
    ]);
  });
});
