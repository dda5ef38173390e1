import type { InventoryItem } from '@cincy/contracts';

/** An item under its minimum (the alert's rule: strictly below, as "takes it below"). */
export const belowMinimum = (item: Pick<InventoryItem, 'quantity' | 'minQuantity'>) =>
  item.quantity < item.minQuantity;

/** The banner's words: "Low stock: H6 AGM — 2 left (minimum 5)". */
export function lowStockText(item: Pick<InventoryItem, 'name' | 'quantity' | 'minQuantity'>) {
  return `Low stock: ${item.name} — ${item.quantity} left (minimum ${item.minQuantity})`;
}

/**
 * The board's low-stock alerts after the inventory list changed from `before` to `after`:
 * an item that was at or above its minimum and is now below it is added (an install took it
 * there); an alerted item follows its newest quantity, and leaves once it is back at its minimum
 * or gone. Nothing is alerted on the first load (`before` undefined): the Inventory screen shows
 * what was already low, and the alert is for what happens while the board is open. An item new to
 * the list is not "taken below" either.
 */
export function nextLowStockAlerts(
  alerts: readonly InventoryItem[],
  before: readonly InventoryItem[] | undefined,
  after: readonly InventoryItem[],
): InventoryItem[] {
  const now = new Map(after.map((item) => [item.id, item]));
  const kept = alerts
    .map((alert) => now.get(alert.id))
    .filter((item): item is InventoryItem => item !== undefined && belowMinimum(item));
  if (!before) return kept;
  const was = new Map(before.map((item) => [item.id, item]));
  const alerted = new Set(kept.map((item) => item.id));
  const fresh = after.filter((item) => {
    const previous = was.get(item.id);
    return (
      previous !== undefined &&
      !belowMinimum(previous) &&
      belowMinimum(item) &&
      !alerted.has(item.id)
    );
  });
  return [...fresh, ...kept];
}
