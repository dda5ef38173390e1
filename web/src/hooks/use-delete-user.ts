import { useMutation } from '@tanstack/react-query';
import { deleteUser } from '../api/users';
import { useRefetchUsers } from './use-users';

/** Deletes a user (admins; never oneself, never the last admin). */
export function useDeleteUser() {
  const refetch = useRefetchUsers();
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: refetch,
  });
}
