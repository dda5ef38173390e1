import type { User } from '@cincy/contracts';
import { Typography } from 'antd';
import { serverMessageOf } from '../../api/request';
import { useConfirmDelete } from '../../components/confirm-delete';
import { toast } from '../../components/toast';
import { useEndUserSessions } from '../../hooks/use-end-user-sessions';
import { userSessionsEndedText } from '../account/account.util';
import { signOutUserQuestion } from './user-form.util';

/** 'Sign out everywhere' of a user (admins): asks first, then ends every session they have. */
export function useUserSignOutDialog(): (user: User) => void {
  const end = useEndUserSessions();
  const confirm = useConfirmDelete();
  return (user) =>
    confirm({
      title: 'Sign out everywhere',
      okText: 'Sign out',
      content: (
        <>
          <p>{signOutUserQuestion(user.name)}</p>
          <Typography.Text type="secondary">
            Their account stays as it is; only the devices signed in now are signed out.
          </Typography.Text>
        </>
      ),
      onConfirm: () =>
        end.mutateAsync(user.id).then(
          ({ ended }) => toast({ title: userSessionsEndedText(user.name, ended) }),
          (error: unknown) => {
            console.warn('Signing the user out failed', error);
            toast({
              title: 'Error',
              description: serverMessageOf(error) ?? 'Failed to sign the user out',
              variant: 'destructive',
            });
          },
        ),
    });
}
