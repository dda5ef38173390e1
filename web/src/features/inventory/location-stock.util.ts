import type { LocationQuantity, StockLocation } from '@cincy/contracts';

/** Every place with what it holds of the item (a van holding none shows 0). */
export function placeCounts(
  places: readonly StockLocation[],
  held: readonly LocationQuantity[],
): { id: number; name: string; quantity: number }[] {
  const count = new Map(held.map((h) => [h.locationId, h.quantity]));
  return places.map((p) => ({ id: p.id, name: p.name, quantity: count.get(p.id) ?? 0 }));
}
