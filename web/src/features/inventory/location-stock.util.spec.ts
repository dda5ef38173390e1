import type { StockLocation } from '@cincy/contracts';
import { placeCounts } from './location-stock.util';

const places: StockLocation[] = [
  { id: 1, kind: 'warehouse', name: 'Warehouse', technicianId: null },
  { id: 2, kind: 'van', name: "Dana's van", technicianId: 7 },
  { id: 3, kind: 'van', name: "Sam's van", technicianId: 8 },
];

describe('placeCounts', () => {
  it('lists every place with its count, a van holding none at 0', () => {
    expect(
      placeCounts(places, [
        { locationId: 1, quantity: 4, technicianId: null },
        { locationId: 3, quantity: 2, technicianId: 8 },
      ]),
    ).toEqual([
      { id: 1, name: 'Warehouse', quantity: 4 },
      { id: 2, name: "Dana's van", quantity: 0 },
      { id: 3, name: "Sam's van", quantity: 2 },
    ]);
  });
});
