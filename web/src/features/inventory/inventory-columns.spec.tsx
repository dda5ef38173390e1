import { renderToStaticMarkup } from 'react-dom/server';
import type { InventoryItem } from '@cincy/contracts';
import { QuantityCell, inventoryColumns } from './inventory-columns';

const item = (quantity: number, minQuantity: number): InventoryItem => ({
  id: 1,
  name: 'AGM',
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

describe('QuantityCell', () => {
  it("shows a low row's quantity in red with a 'Low' tag", () => {
    const html = renderToStaticMarkup(<QuantityCell item={item(5, 5)} />);
    expect(html).toContain('qty-low');
    expect(html).toContain('>Low</span>');
  });

  it('shows a quantity above the minimum plainly', () => {
    const html = renderToStaticMarkup(<QuantityCell item={item(6, 5)} />);
    expect(html).not.toContain('qty-low');
    expect(html).not.toContain('Low');
  });
});

describe('inventoryColumns', () => {
  it("has the spec's columns, with Actions only for those who may change stock", () => {
    const headers = (cols: ReturnType<typeof inventoryColumns>) => cols.map((c) => c.title);
    expect(headers(inventoryColumns(() => null))).toEqual([
      'Name',
      'Quantity',
      'Min Qty',
      'Unit Cost',
      'Value',
      'Actions',
    ]);
    expect(headers(inventoryColumns(null))).not.toContain('Actions');
  });
});
