import { Typography } from 'antd';
import { useConfirmDelete } from '../../components/confirm-delete';
import { toast } from '../../components/toast';
import { useDeleteCustomer } from '../../hooks/use-delete-customer';
import type { CustomerTarget } from './customer-database.util';
import { CUSTOMER_DELETED_TOAST, customerDeleteFailedToast } from './customer-toasts.util';

/** 'Delete Customer Record': asks first; the deletion cannot be undone. */
export function useCustomerDeleteDialog(): (customer: CustomerTarget) => void {
  const remove = useDeleteCustomer();
  const confirm = useConfirmDelete();
  return (customer) =>
    confirm({
      title: 'Delete Customer Record',
      content: (
        <>
          <p>{`Permanently delete ${customer.name}? This action cannot be undone.`}</p>
          <Typography.Text type="secondary">
            Their name, phone, e-mail and addresses are removed everywhere, and their open jobs
            leave the board. Service records stay, without their name, for warranty and stock.
          </Typography.Text>
        </>
      ),
      onConfirm: () =>
        remove.mutateAsync(customer.id).then(
          () => toast(CUSTOMER_DELETED_TOAST),
          (error: unknown) => {
            console.warn('Customer delete failed', error);
            toast(customerDeleteFailedToast(error));
          },
        ),
    });
}
