import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import { useDeleteCustomer } from '../../hooks/use-delete-customer';
import type { CustomerTarget } from './customer-database.util';
import { CUSTOMER_DELETED_TOAST, customerDeleteFailedToast } from './customer-toasts.util';

/** 'Delete Customer Record': asks first; the deletion cannot be undone. */
export function CustomerDeleteDialog({
  customer,
  onClose,
}: {
  customer: CustomerTarget;
  onClose: () => void;
}) {
  const remove = useDeleteCustomer();
  const onConfirm = () =>
    remove.mutate(customer.id, {
      onSuccess: () => {
        toast(CUSTOMER_DELETED_TOAST);
        onClose();
      },
      onError: (error) => {
        console.warn('Customer delete failed', error);
        toast(customerDeleteFailedToast(error));
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title="Delete Customer Record"
      description={`Permanently delete ${customer.name}? This action cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="muted">
        Their name, phone, e-mail and addresses are removed everywhere, and their open jobs leave
        the board. Service records stay, without their name, for warranty and stock.
      </p>
    </ConfirmDialog>
  );
}
