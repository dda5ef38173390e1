import type { InventoryItem } from '@cincy/contracts';
import {
  EMPTY_INVENTORY_FORM,
  buildInventoryPayload,
  inventoryForm,
  inventoryFormSchema,
  keepLiveCount,
  toNumber,
  type InventoryForm,
} from './inventory-form.util';
import { fieldMessage } from '../../lib/zod-form';

/** The message antd's Form shows on each field, through the one zod adapter. */
const validateInventoryItem = (values: InventoryForm) =>
  Object.fromEntries(
    Object.keys(values).flatMap((field) => {
      const message = fieldMessage(inventoryFormSchema, values, field);
      return message ? [[field, message]] : [];
    }),
  );

const form = (patch: Partial<InventoryForm> = {}): InventoryForm => ({
  ...EMPTY_INVENTORY_FORM,
  name: 'AGM Group 48',
  quantity: '12',
  minQuantity: '4',
  unitCost: '139.99',
  ...patch,
});

describe('toNumber: numeric inputs that are not numbers become 0', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['139.99', 139.99],
    ['-1', -1],
    ['', 0],
    ['abc', 0],
    ['12abc', 0],
    ['NaN', 0],
    ['Infinity', 0],
  ])('reads %p as %p', (text, value) => {
    expect(toNumber(text)).toBe(value);
  });
});

describe('buildInventoryPayload', () => {
  it('sends numbers, trimmed text, and null for empty optional text', () => {
    expect(
      buildInventoryPayload(
        form({ name: '  AGM Group 48 ', sku: ' AGM-48 ', description: ' ', category: 'supply' }),
      ),
    ).toEqual({
      name: 'AGM Group 48',
      description: null,
      sku: 'AGM-48',
      category: 'supply',
      quantity: 12,
      minQuantity: 4,
      unitCost: 139.99,
      price: null,
      warrantyMonths: 12,
      vanMinQuantity: 0,
      notes: null,
    });
  });

  it('sends a price typed, none for an edit emptied, and leaves a new item without one to the server', () => {
    expect(buildInventoryPayload(form({ price: ' 170.5 ' })).price).toBe(170.5);
    expect(buildInventoryPayload(form({ price: '' }))).toHaveProperty('price', null);
    expect(buildInventoryPayload(form({ price: '' }), false)).not.toHaveProperty('price');
  });

  it('sends 0 for numeric inputs that are not numbers', () => {
    const payload = buildInventoryPayload(form({ quantity: 'x', minQuantity: '', unitCost: '-' }));
    expect([payload.quantity, payload.minQuantity, payload.unitCost]).toEqual([0, 0, 0]);
  });
});

describe('the form schema (validateInventoryItem)', () => {
  it('accepts a complete item, and a new one with the defaults and no cost (0)', () => {
    expect(validateInventoryItem(form())).toEqual({});
    expect(validateInventoryItem({ ...EMPTY_INVENTORY_FORM, name: 'Spray' })).toEqual({});
  });

  it("gives the spec's messages", () => {
    expect(
      validateInventoryItem(
        form({
          name: ' ',
          quantity: '-1',
          minQuantity: '-2',
          unitCost: '-0.01',
          price: '-5',
          warrantyMonths: '121',
        }),
      ),
    ).toEqual({
      name: 'Name is required',
      quantity: 'Quantity must be positive',
      minQuantity: 'Minimum quantity must be positive',
      unitCost: 'Unit cost must be positive',
      price: 'Price must be positive',
      warrantyMonths: 'Warranty must be 0 to 120 months',
    });
  });

  it('treats a quantity that is not a number as 0, which is allowed', () => {
    expect(validateInventoryItem(form({ quantity: 'abc' }))).toEqual({});
  });
});

describe('inventoryForm', () => {
  it('fills the Edit Item dialog from an item (the cost and price with 2 decimals)', () => {
    const item: InventoryItem = {
      id: 1,
      name: 'AGM',
      description: null,
      sku: 'AGM-48',
      category: 'battery',
      quantity: 3,
      minQuantity: 5,
      unitCost: 89.5,
      price: 125,
      warrantyMonths: 24,
      vanMinQuantity: 2,
      byLocation: [],
      notes: 'Back shelf',
    };
    expect(inventoryForm(item)).toEqual({
      name: 'AGM',
      description: '',
      sku: 'AGM-48',
      category: 'battery',
      quantity: '3',
      minQuantity: '5',
      unitCost: '89.50',
      price: '125.00',
      warrantyMonths: '24',
      vanMinQuantity: '2',
      notes: 'Back shelf',
    });
  });

  it('starts a new item with quantity 0 and minimum 5', () => {
    expect([EMPTY_INVENTORY_FORM.quantity, EMPTY_INVENTORY_FORM.minQuantity]).toEqual(['0', '5']);
  });
});

describe('Edit Item and the live count', () => {
  const body = {
    name: 'H6 AGM',
    description: null,
    sku: null,
    category: 'battery' as const,
    quantity: 4,
    minQuantity: 2,
    unitCost: 100,
    notes: null,
  };

  it('sends the stock as it is now when the quantity was left as opened', () => {
    expect(keepLiveCount(body, { quantity: 4 }, { quantity: 3 }).quantity).toBe(3);
  });

  it('sends a typed count as typed, and a new item as filled', () => {
    expect(keepLiveCount({ ...body, quantity: 9 }, { quantity: 4 }, { quantity: 3 }).quantity).toBe(
      9,
    );
    expect(keepLiveCount(body, null, undefined)).toBe(body);
    expect(keepLiveCount(body, { quantity: 4 }, undefined)).toBe(body);
  });
});
