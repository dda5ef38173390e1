import { InventoryItem, InventoryItemInput } from '@cincy/contracts';
import { InventoryItemEntity } from './inventory-item.entity';

export const toInventoryItem = (i: InventoryItemEntity): InventoryItem => ({
  id: i.id,
  name: i.name,
  description: i.description,
  sku: i.sku,
  category: i.category,
  quantity: i.quantity,
  minQuantity: i.minQuantity,
  unitCost: Number(i.unitCost),
  notes: i.notes,
});

/** The form's values as stored: the cost is a numeric column, read and written as text. */
export const fromItemInput = (input: InventoryItemInput): Partial<InventoryItemEntity> => ({
  ...input,
  unitCost: String(input.unitCost),
});
