import {
  InventoryItem,
  InventoryItemInput,
  LocationQuantity,
  byLocation,
  defaultBatteryPrice,
} from '@cincy/contracts';
import { InventoryItemEntity } from './inventory-item.entity';

/** The item as answered and announced, with what each van holds of it (`vans`). */
export const toInventoryItem = (
  i: InventoryItemEntity,
  vans: readonly LocationQuantity[] = [],
): InventoryItem => ({
  id: i.id,
  name: i.name,
  description: i.description,
  sku: i.sku,
  category: i.category,
  quantity: i.quantity,
  minQuantity: i.minQuantity,
  unitCost: Number(i.unitCost),
  price: i.priceCents === null ? null : i.priceCents / 100,
  warrantyMonths: i.warrantyMonths,
  vanMinQuantity: i.vanMinQuantity,
  notes: i.notes,
  byLocation: byLocation(i.quantity, vans),
});

/**
 * The form's values as stored: the cost is a numeric column, read and written as text; the price
 * is cents, left as it was when the body has none (a form from before prices).
 */
export const fromItemInput = ({
  price,
  warrantyMonths,
  vanMinQuantity,
  ...input
}: InventoryItemInput): Partial<InventoryItemEntity> => ({
  ...input,
  ...(warrantyMonths === undefined ? {} : { warrantyMonths }),
  ...(vanMinQuantity === undefined ? {} : { vanMinQuantity }),
  unitCost: String(input.unitCost),
  ...(price === undefined ? {} : { priceCents: price === null ? null : Math.round(price * 100) }),
});

/** A new item: a battery without a price starts at the house price of its kind; a supply at none. */
export const newItem = (input: InventoryItemInput): Partial<InventoryItemEntity> => ({
  priceCents: input.category === 'battery' ? defaultBatteryPrice(input.name) * 100 : null,
  ...fromItemInput(input),
});
