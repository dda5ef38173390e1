import { Typography } from 'antd';
import type { InventoryItem } from '@cincy/contracts';
import { useConfirmDelete } from '../../components/confirm-delete';
import { toast } from '../../components/toast';
import { useDeleteInventoryItem } from '../../hooks/use-delete-inventory-item';
import { ITEM_DELETED_TOAST, itemDeleteFailedToast } from './inventory-toasts.util';

/** 'Delete Item': asks before an item leaves the stock list. */
export function useInventoryDeleteDialog(): (item: InventoryItem) => void {
  const remove = useDeleteInventoryItem();
  const confirm = useConfirmDelete();
  return (item) =>
    confirm({
      title: 'Delete Item',
      content: (
        <>
          <p>{`Delete ${item.name}? It leaves the inventory list and the completion dialog.`}</p>
          <Typography.Text type="secondary">
            An item already used on a job is kept for its service records and warranty lookups.
          </Typography.Text>
        </>
      ),
      onConfirm: () =>
        remove.mutateAsync(item.id).then(
          () => toast(ITEM_DELETED_TOAST),
          (error: unknown) => {
            console.warn('Deleting the inventory item failed', error);
            toast(itemDeleteFailedToast(error));
          },
        ),
    });
}
