import { useMutation } from '@tanstack/react-query';
import { updateUser, type UpdateUserBody } from '../api/users';
import { useRefetchUsers } from './use-users';

/** Edit User (admins); a new password or a demotion ends the user's sessions on the server. */
export function useUpdateUser() {
  const refetch = useRefetchUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body),
    onSuccess: refetch,
  });
}
