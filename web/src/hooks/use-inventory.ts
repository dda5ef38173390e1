import { useQuery } from '@tanstack/react-query';
import { fetchInventory } from '../api/inventory';
import { ALL_INVENTORY, QUERY_KEYS } from '../api/query-keys';

/**
 * The Inventory screen's list: every item (the cards count them all; the low-stock toggle filters
 * in the browser). `inventory.changed` and `inventory.removed` pushes keep it current.
 */
export function useInventory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.inventory(ALL_INVENTORY),
    queryFn: ({ signal }) => fetchInventory(ALL_INVENTORY, signal),
    enabled,
  });
}
