import {
  DEFAULTS,
  INVENTORY_CATEGORIES,
  inventoryItemInputSchema,
  type InventoryCategory,
  type InventoryItem,
  type InventoryItemInput,
} from '@cincy/contracts';
import { z } from 'zod';
import { INVENTORY_CATEGORY_LABELS } from './inventory.util';

/** The Add New Item / Edit Item dialog as its inputs hold it (text). */
export interface InventoryForm {
  name: string;
  description: string;
  sku: string;
  category: InventoryCategory;
  quantity: string;
  minQuantity: string;
  unitCost: string;
  /** Dollars; empty: not sold on its own. */
  price: string;
  warrantyMonths: string;
  vanMinQuantity: string;
  notes: string;
}

export const CATEGORY_OPTIONS: { value: InventoryCategory; label: string }[] =
  INVENTORY_CATEGORIES.map((value) => ({
    value,
    label: INVENTORY_CATEGORY_LABELS[value],
  }));

/** A new item: quantity 0, minimum 5, a battery (priced by the server when none is given). */
export const EMPTY_INVENTORY_FORM: InventoryForm = {
  name: '',
  description: '',
  sku: '',
  category: 'battery',
  quantity: String(DEFAULTS.inventoryQuantity),
  minQuantity: String(DEFAULTS.inventoryMinQuantity),
  unitCost: '',
  price: '',
  warrantyMonths: '12',
  vanMinQuantity: '0',
  notes: '',
};

export function inventoryForm(item: InventoryItem): InventoryForm {
  return {
    name: item.name,
    description: item.description ?? '',
    sku: item.sku ?? '',
    category: item.category === 'supply' ? 'supply' : 'battery',
    quantity: String(item.quantity),
    minQuantity: String(item.minQuantity),
    unitCost: item.unitCost.toFixed(2),
    price: item.price === null ? '' : item.price.toFixed(2),
    warrantyMonths: String(item.warrantyMonths),
    vanMinQuantity: String(item.vanMinQuantity),
    notes: item.notes ?? '',
  };
}

/** The form's values, a field antd has not filled yet read as the new item's. */
function withDefaults(values: Partial<InventoryForm>): InventoryForm {
  const form = { ...EMPTY_INVENTORY_FORM };
  for (const key of Object.keys(form) as (keyof InventoryForm)[])
    if (typeof values[key] === 'string') Object.assign(form, { [key]: values[key] });
  return form;
}

/** A numeric input that is not a number becomes 0 (an empty one too). */
export function toNumber(text: string): number {
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : 0;
}

/**
 * The POST/PUT body: trimmed text (empty is null), numbers from the numeric inputs. An empty price
 * is none on an edit (not sold on its own) and left to the server on a new item (a battery starts
 * at the house price of its kind).
 */
export function buildInventoryPayload(form: InventoryForm, editing = true): InventoryItemInput {
  const text = (value: string) => value.trim() || null;
  const price = form.price.trim() ? toNumber(form.price) : editing ? null : undefined;
  return {
    name: form.name.trim(),
    description: text(form.description),
    sku: text(form.sku),
    category: form.category,
    quantity: toNumber(form.quantity),
    minQuantity: toNumber(form.minQuantity),
    unitCost: toNumber(form.unitCost),
    ...(price === undefined ? {} : { price }),
    warrantyMonths: toNumber(form.warrantyMonths),
    vanMinQuantity: toNumber(form.vanMinQuantity),
    notes: text(form.notes),
  };
}

/**
 * The form's schema: the contract's rules and messages applied to the body the form sends
 * ('Name is required', 'Quantity must be positive', 'Minimum quantity must be positive', 'Unit
 * cost must be positive'), so the dialog never sends what the server refuses.
 */
export const inventoryFormSchema = z.preprocess(
  (values) => buildInventoryPayload(withDefaults(values as Partial<InventoryForm>)),
  inventoryItemInputSchema,
);

/**
 * Edit Item sends the whole item, and the server records a changed quantity as a count
 * correction. A quantity left as it was when the dialog opened is not a count: it is sent as the
 * stock is now, so an install (or a movement) while the dialog was open is not undone.
 */
export function keepLiveCount(
  payload: InventoryItemInput,
  opened: Pick<InventoryItem, 'quantity'> | null,
  live: Pick<InventoryItem, 'quantity'> | undefined,
): InventoryItemInput {
  if (!opened || !live || payload.quantity !== opened.quantity) return payload;
  return { ...payload, quantity: live.quantity };
}
