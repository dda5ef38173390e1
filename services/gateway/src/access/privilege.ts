import { CurrentUser, SignedInUser } from '@cincy/contracts';

/** Admins, and the one named account (SUPERVISOR_USERNAME, compared case-insensitively). */
export function isPrivileged(user: CurrentUser, supervisorUsername: string | undefined): boolean {
  if (user.role === 'admin') return true;
  return !!supervisorUsername && user.username.toLowerCase() === supervisorUsername.toLowerCase();
}

export const signedIn = (
  user: CurrentUser,
  supervisorUsername: string | undefined,
): SignedInUser => ({
  ...user,
  privileged: isPrivileged(user, supervisorUsername),
});
