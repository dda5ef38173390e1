import { CurrentUser, SignedInUser } from '@cincy/contracts';

/** Admins, and the one named account (SUPERVISOR_USERNAME, compared case-insensitively). */
export function isPrivileged(user: CurrentUser, supervisorUsername: string | undefined): boolean {
  if (user.role === 'admin') return true;
  return !!supervisorUsername && user.username.toLowerCase() === supervisorUsername.toLowerCase();
}

/** What the browser is told of its signed-in user: who, what they may do, the idle limit. */
export const signedIn = (
  user: CurrentUser,
  env: { SUPERVISOR_USERNAME?: string; SESSION_IDLE_MINUTES: number },
): SignedInUser => ({
  // Named, not spread: the session's own fields (its id, its stage) are not the browser's.
  id: user.id,
  name: user.name,
  username: user.username,
  role: user.role,
  privileged: isPrivileged(user, env.SUPERVISOR_USERNAME),
  idleMinutes: env.SESSION_IDLE_MINUTES,
});
