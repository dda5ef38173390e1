import { useMutation, useQuery } from '@tanstack/react-query';
import { acceptInvitation, fetchInvitation, type InvitationAcceptBody } from '../api/account';
import { ACCOUNT_QUERY_KEYS } from '../api/account-query-keys';

/** An invitation by its link's token (public); a 404 is an answer: the link is not valid. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ACCOUNT_QUERY_KEYS.invitation(token),
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    refetchOnMount: 'always',
  });
}

/** The invited person's username and password: the account exists once it answers. */
export function useAcceptInvitation(token: string) {
  return useMutation({ mutationFn: (body: InvitationAcceptBody) => acceptInvitation(token, body) });
}
