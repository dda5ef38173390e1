import { isLowStock, type InventoryItem, type SignedInUser } from '@cincy/contracts';

/** An item's stock value: quantity times unit cost, in dollars (to the cent). */
export function itemValue(item: Pick<InventoryItem, 'quantity' | 'unitCost'>): number {
  return Math.round(item.quantity * item.unitCost * 100) / 100;
}

/** The summary cards: Total Items, Total Value, Low Stock. */
export interface InventorySummary {
  /** How many items the list has (rows, not units). */
  totalItems: number;
  /** The sum of quantity times unit cost, in dollars, to the cent. */
  totalValue: number;
  /** Items at or below their minimum quantity. */
  lowStock: number;
}

export function inventorySummary(items: readonly InventoryItem[]): InventorySummary {
  // Summed in cents, so 0.1 + 0.2 never shows as 0.30000000000000004.
  const cents = items.reduce(
    (sum, item) => sum + Math.round(item.quantity * item.unitCost * 100),
    0,
  );
  return {
    totalItems: items.length,
    totalValue: cents / 100,
    lowStock: items.filter(isLowStock).length,
  };
}

/** 'Show Low Stock Only': the low items, else all of them. */
export function visibleItems(items: readonly InventoryItem[], lowOnly: boolean): InventoryItem[] {
  return lowOnly ? items.filter(isLowStock) : items.slice();
}

/** Add, edit and delete are for admins (the server refuses the rest); anyone signed in reads. */
export function canManageInventory(user: Pick<SignedInUser, 'role'>): boolean {
  return user.role === 'admin';
}

export const INVENTORY_CATEGORY_LABELS = { battery: 'Battery', supply: 'Supply' } as const;

/** The category as the table writes it; an unknown or missing one as it is. */
export function categoryLabel(category: string | null): string {
  if (!category) return '';
  return INVENTORY_CATEGORY_LABELS[category as keyof typeof INVENTORY_CATEGORY_LABELS] ?? category;
}
