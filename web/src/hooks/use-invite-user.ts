import { useMutation } from '@tanstack/react-query';
import { inviteUser, type InviteUserBody } from '../api/users';

/** Invite user (admins): an email with a link to choose a username and password. */
export function useInviteUser() {
  return useMutation({ mutationFn: (body: InviteUserBody) => inviteUser(body) });
}
