import { useMutation } from '@tanstack/react-query';
import { createUser, type CreateUserBody } from '../api/users';
import { useRefetchUsers } from './use-users';

/** Create New User (admins). */
export function useCreateUser() {
  const refetch = useRefetchUsers();
  return useMutation({
    mutationFn: (body: CreateUserBody) => createUser(body),
    onSuccess: refetch,
  });
}
