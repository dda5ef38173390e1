import { UserSessionEntity } from './user-session.entity';
import { toClosedSession, toNewSessionRow } from './user-session.mapper';

describe('user session mapper', () => {
  it('opens a session on the token hash, active from now', () => {
    const at = new Date('2026-01-01T08:00:00Z');
    expect(toNewSessionRow(3, 'abc', at)).toEqual({
      userId: 3,
      sessionToken: 'abc',
      loginTime: at,
      lastActivity: at,
      isActive: true,
    });
  });

  it('closes a session with its hours to two decimals', () => {
    const session = Object.assign(new UserSessionEntity(), {
      loginTime: new Date('2026-01-01T08:00:00Z'),
    });
    expect(toClosedSession(session, new Date('2026-01-01T09:30:36Z'))).toEqual({
      isActive: false,
      logoutTime: new Date('2026-01-01T09:30:36Z'),
      totalHours: '1.51',
    });
  });
});
