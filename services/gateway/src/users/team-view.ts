import { CurrentUser, UserLocation } from '@cincy/contracts';

/**
 * What a technician is shown of a teammate: who they are and whether they are online, not where.
 * A phone does not dispatch; only admins see the team's vans on the map
 * (docs/adr/0094-what-a-technician-socket-receives.md).
 */
export const withoutPosition = (user: UserLocation): UserLocation => ({
  ...user,
  currentLocation: null,
});

/** The team as `viewer` may see it: an admin all of it, a technician only their own position. */
export function teamSeenBy(viewer: CurrentUser, team: UserLocation[]): UserLocation[] {
  if (viewer.role === 'admin') return team;
  return team.map((user) => (user.id === viewer.id ? user : withoutPosition(user)));
}

/**
 * What Online Team draws of a teammate, as one comparable string: a change of anything else
 * (a new position, `lastSeen` moving with it) is not news to a technician's socket. `lastSeen`
 * stays fresh there by the list's 30 s poll.
 */
export const teammateShown = (user: UserLocation): string =>
  JSON.stringify([user.status, user.role, user.name, user.username]);
