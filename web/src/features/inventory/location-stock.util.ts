import type { InventoryItem, StockLocation } from '@cincy/contracts';

/** One place's count of an item, and whether a van holds fewer than the item's van minimum. */
export interface PlaceCount {
  id: number;
  name: string;
  quantity: number;
  low: boolean;
}

/** Every place with what it holds of the item (a van holding none shows 0). */
export function placeCounts(
  places: readonly StockLocation[],
  item: Pick<InventoryItem, 'byLocation' | 'vanMinQuantity'>,
): PlaceCount[] {
  const count = new Map(item.byLocation.map((h) => [h.locationId, h.quantity]));
  return places.map((p) => {
    const quantity = count.get(p.id) ?? 0;
    return {
      id: p.id,
      name: p.name,
      quantity,
      low: p.kind === 'van' && quantity < item.vanMinQuantity,
    };
  });
}

/** A van below an item's van minimum: "Dana's van: H6 AGM 760 CCA, 0 of 2". */
export interface VanShortage {
  key: string;
  van: string;
  item: string;
  held: number;
  minimum: number;
}

/** Every van below the minimum of every item that has one, by van then item. */
export function vanShortages(
  items: readonly InventoryItem[],
  places: readonly StockLocation[],
): VanShortage[] {
  const vans = places.filter((p) => p.kind === 'van');
  return vans.flatMap((van) =>
    items
      .filter((item) => item.vanMinQuantity > 0)
      .map((item) => ({
        key: `${van.id}-${item.id}`,
        van: van.name,
        item: item.name,
        held: item.byLocation.find((h) => h.locationId === van.id)?.quantity ?? 0,
        minimum: item.vanMinQuantity,
      }))
      .filter((s) => s.held < s.minimum),
  );
}
