import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteInventoryItem } from '../api/inventory';
import { QUERY_KEYS } from '../api/query-keys';
import { dropInventoryItem } from '../lib/live-cache';

/** Deletes (or retires) an item (admins): it leaves every list, which are then read again. */
export function useDeleteInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteInventoryItem(id),
    onSuccess: (_answer, id) => {
      dropInventoryItem(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.inventoryAll });
    },
  });
}
