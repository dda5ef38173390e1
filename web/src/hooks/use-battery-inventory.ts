import { useQuery } from '@tanstack/react-query';
import { fetchInventory } from '../api/inventory';
import { BATTERY_INVENTORY, QUERY_KEYS } from '../api/query-keys';

/** The batteries the completion dialog offers; `inventory.changed` pushes keep the stock current. */
export function useBatteryInventory({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.inventory(BATTERY_INVENTORY),
    queryFn: ({ signal }) => fetchInventory(BATTERY_INVENTORY, signal),
    enabled,
  });
}
