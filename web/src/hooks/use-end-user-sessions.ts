import { useMutation } from '@tanstack/react-query';
import { endUserSessions } from '../api/users';
import { useRefetchUsers } from './use-users';

/** "Sign out everywhere" of a user (admins): their status changes with it. */
export function useEndUserSessions() {
  const refetch = useRefetchUsers();
  return useMutation({ mutationFn: (id: number) => endUserSessions(id), onSuccess: refetch });
}
