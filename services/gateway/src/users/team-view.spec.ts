import { CurrentUser, UserLocation } from '@cincy/contracts';
import { teamSeenBy } from './team-view';

describe("the team's locations as each viewer may see them (teamSeenBy)", () => {
  const member = (id: number, role: UserLocation['role']): UserLocation => ({
    id,
    name: `User ${id}`,
    username: `user${id}`,
    role,
    status: 'online',
    currentLocation: { lat: 39 + id / 100, lng: -84.5 },
    lastSeen: '2026-11-26T15:00:00.000Z',
  });
  const team = [member(1, 'admin'), member(2, 'technician'), member(3, 'technician')];
  const viewer = (id: number, role: CurrentUser['role']): CurrentUser => ({
    id,
    name: `User ${id}`,
    username: `user${id}`,
    role,
  });

  it('shows an admin every position', () => {
    expect(teamSeenBy(viewer(1, 'admin'), team)).toEqual(team);
  });

  it('shows a technician their own position and who else is online, not where', () => {
    expect(teamSeenBy(viewer(2, 'technician'), team)).toEqual([
      { ...team[0], currentLocation: null },
      team[1],
      { ...team[2], currentLocation: null },
    ]);
  });
});
