import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInventoryItem, updateInventoryItem, type InventoryItemBody } from '../api/inventory';
import { QUERY_KEYS } from '../api/query-keys';
import { writeInventoryItem } from '../lib/live-cache';

/**
 * Add New Item (no id) or Edit Item (admins). The answer goes into every list at once, then the
 * lists are read again.
 */
export function useSaveInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: InventoryItemBody }) =>
      id === null ? createInventoryItem(input) : updateInventoryItem(id, input),
    onSuccess: (item) => {
      writeInventoryItem(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.inventoryAll });
    },
  });
}
