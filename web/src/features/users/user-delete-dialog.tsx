import type { User } from '@cincy/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import { useDeleteUser } from '../../hooks/use-delete-user';
import { deleteUserQuestion } from './user-form.util';
import { USER_DELETED_TOAST, userDeleteFailedToast } from './user-toasts.util';

export function UserDeleteDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const remove = useDeleteUser();
  const onConfirm = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        toast(USER_DELETED_TOAST);
        onClose();
      },
      onError: (error) => {
        console.warn('Deleting the user failed', error);
        toast(userDeleteFailedToast(error));
        onClose();
      },
    });

  return (
    <ConfirmDialog
      title="Delete User"
      description={deleteUserQuestion(user.name)}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="muted">They are signed out at once, on every device.</p>
    </ConfirmDialog>
  );
}
