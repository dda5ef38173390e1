import type { InventoryItem } from '@cincy/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import { useDeleteInventoryItem } from '../../hooks/use-delete-inventory-item';
import { ITEM_DELETED_TOAST, itemDeleteFailedToast } from './inventory-toasts.util';

/** Asks before an item leaves the stock list. */
export function InventoryDeleteDialog({
  item,
  onClose,
}: {
  item: InventoryItem;
  onClose: () => void;
}) {
  const remove = useDeleteInventoryItem();
  const onConfirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toast(ITEM_DELETED_TOAST);
        onClose();
      },
      onError: (error) => {
        console.warn('Deleting the inventory item failed', error);
        toast(itemDeleteFailedToast(error));
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title="Delete Item"
      description={`Delete ${item.name}? It leaves the inventory list and the completion dialog.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="muted">
        An item already used on a job is kept for its service records and warranty lookups.
      </p>
    </ConfirmDialog>
  );
}
