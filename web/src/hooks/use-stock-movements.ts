import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockMovementInput } from '@cincy/contracts';
import { STOCK_KEYS, fetchStockMovements, recordStockMovement } from '../api/inventory';
import { QUERY_KEYS } from '../api/query-keys';
import { writeInventoryItem } from '../lib/live-cache';

/**
 * An item's movements (admins), read while its drawer is open, and again whenever the quantity on
 * screen changes (an install pushed while the drawer is open writes a row here too).
 */
export function useStockMovements(itemId: number, quantity: number, open: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (open) void queryClient.invalidateQueries({ queryKey: STOCK_KEYS.ofItem(itemId) });
  }, [open, itemId, quantity, queryClient]);
  return useQuery({
    queryKey: STOCK_KEYS.ofItem(itemId),
    queryFn: ({ signal }) => fetchStockMovements(itemId, signal),
    enabled: open,
  });
}

/** Receive, Correct count or Write off: the item goes into every list at once. */
export function useRecordStockMovement(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movement: StockMovementInput) => recordStockMovement(itemId, movement),
    onSuccess: ({ item }) => {
      writeInventoryItem(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: STOCK_KEYS.ofItem(itemId) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.inventoryAll });
    },
  });
}
