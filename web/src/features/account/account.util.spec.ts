import type { AccountSession } from '@cincy/contracts';
import {
  groupSecret,
  hasOtherSessions,
  invitationSentText,
  invitedAsText,
  invitedWhoText,
  otherSessionsEndedText,
  passkeyUsedText,
  recoveryCodesLeftText,
  recoveryCodesText,
  sortSessions,
  userSessionsEndedText,
} from './account.util';

describe('groupSecret', () => {
  it('shows the secret in groups of four for typing by hand', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('ABCD')).toBe('ABCD');
    expect(groupSecret('')).toBe('');
  });

  it('does not add to spaces that are already there', () => {
    expect(groupSecret('ABCD EFGH-IJKL')).toBe('ABCD EFGH IJKL');
  });
});

describe('recoveryCodesText', () => {
  it('lists the codes one a line, with whose and when', () => {
    const text = recoveryCodesText(
      ['abcd-efgh', 'ijkl-mnop'],
      'admin',
      new Date('2030-06-01T12:00:00Z'),
    );
    expect(text.split('\n')).toEqual([
      'Cincy Battery recovery codes for admin',
      "Made 2030-06-01. Each code works once, instead of the app's code.",
      '',
      'abcd-efgh',
      'ijkl-mnop',
      '',
    ]);
    expect(recoveryCodesText(['x'], null, new Date(0))).toContain('recovery codes\n');
  });
});

describe('invitations', () => {
  const invitation = {
    email: 'terry@example.com',
    name: 'Terry Tech',
    role: 'technician' as const,
    expiresAt: '2030-06-04T12:00:00Z',
  };

  it('says who is invited, as what', () => {
    expect(invitedAsText(invitation)).toBe("You're invited as Technician");
    expect(invitedAsText({ role: 'admin' })).toBe("You're invited as Admin");
    expect(invitedWhoText(invitation)).toBe('Terry Tech (terry@example.com)');
  });

  it('says where the invitation went', () => {
    expect(invitationSentText(' terry@example.com ')).toBe('Invitation sent to terry@example.com');
  });
});

describe('sessions', () => {
  const session = (id: number, current: boolean, lastSeenAt: string): AccountSession => ({
    id,
    current,
    device: 'Chrome on Android',
    place: '203.0.113.0',
    signedInAt: '2030-06-01T12:00:00Z',
    lastSeenAt,
  });

  it('lists this device first, then the most recently seen', () => {
    const list = [
      session(1, false, '2030-06-01T12:00:00Z'),
      session(2, true, '2030-05-01T12:00:00Z'),
      session(3, false, '2030-06-02T12:00:00Z'),
    ];
    expect(sortSessions(list).map((s) => s.id)).toEqual([2, 3, 1]);
    expect(list.map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('knows whether there is anything to sign out of elsewhere', () => {
    expect(hasOtherSessions([session(1, true, '')])).toBe(false);
    expect(hasOtherSessions([session(1, true, ''), session(2, false, '')])).toBe(true);
  });

  it('says how many sessions ended', () => {
    expect(otherSessionsEndedText(0)).toBe('You were not signed in anywhere else.');
    expect(otherSessionsEndedText(1)).toBe('Signed out of 1 session elsewhere.');
    expect(otherSessionsEndedText(3)).toBe('Signed out of 3 sessions elsewhere.');
    expect(userSessionsEndedText('Terry', 2)).toBe('Terry was signed out of 2 sessions.');
    expect(userSessionsEndedText('Terry', 0)).toBe('Terry was not signed in anywhere.');
  });
});

describe('second steps', () => {
  it('counts the recovery codes left', () => {
    expect(recoveryCodesLeftText(10)).toBe('10 recovery codes left.');
    expect(recoveryCodesLeftText(1)).toBe('1 recovery code left.');
    expect(recoveryCodesLeftText(0)).toBe('No recovery codes left.');
  });

  it("says when a passkey was last used, in Cincinnati's time", () => {
    expect(passkeyUsedText({ lastUsedAt: null })).toBe('Never used');
    expect(passkeyUsedText({ lastUsedAt: '2030-06-15T02:30:00.000Z' })).toBe(
      'Last used Jun 14, 2030, 10:30 PM',
    );
  });
});
