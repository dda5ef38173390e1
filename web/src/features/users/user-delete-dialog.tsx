import { Typography } from 'antd';
import type { User } from '@cincy/contracts';
import { useConfirmDelete } from '../../components/confirm-delete';
import { toast } from '../../components/toast';
import { useDeleteUser } from '../../hooks/use-delete-user';
import { deleteUserQuestion } from './user-form.util';
import { USER_DELETED_TOAST, userDeleteFailedToast } from './user-toasts.util';

/** 'Delete User': asks first; the user is signed out everywhere. */
export function useUserDeleteDialog(): (user: User) => void {
  const remove = useDeleteUser();
  const confirm = useConfirmDelete();
  return (user) =>
    confirm({
      title: 'Delete User',
      content: (
        <>
          <p>{deleteUserQuestion(user.name)}</p>
          <Typography.Text type="secondary">
            They are signed out at once, on every device.
          </Typography.Text>
        </>
      ),
      onConfirm: () =>
        remove.mutateAsync(user.id).then(
          () => toast(USER_DELETED_TOAST),
          (error: unknown) => {
            console.warn('Deleting the user failed', error);
            toast(userDeleteFailedToast(error));
          },
        ),
    });
}
