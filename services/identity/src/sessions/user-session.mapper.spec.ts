import { UserSessionEntity } from './user-session.entity';
import { toClosedSession, toNewSessionRow } from './user-session.mapper';

describe('user session mapper', () => {
  it('opens a session on the token hash, active from now, with its stage and device', () => {
    const at = new Date('2026-01-01T08:00:00Z');
    const client = { userAgent: 'UA', ip: '203.0.113.7', deviceId: 'raw cookie' };
    expect(toNewSessionRow(3, 'abc', at, { stage: 'mfa', client, deviceHash: 'd1' })).toEqual({
      userId: 3,
      sessionToken: 'abc',
      loginTime: at,
      lastActivity: at,
      isActive: true,
      stage: 'mfa',
      userAgent: 'UA',
      ip: '203.0.113.7',
      deviceHash: 'd1',
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
