import { Session } from '@cincy/contracts';
import { UserEntity, toCurrentUser } from '../users';
import { UserSessionEntity } from './user-session.entity';

export type NewSessionRow = Pick<
  UserSessionEntity,
  'userId' | 'sessionToken' | 'loginTime' | 'lastActivity' | 'isActive'
>;
export type ClosedSession = Pick<UserSessionEntity, 'isActive' | 'logoutTime' | 'totalHours'>;

/** A session opened now; only the token's hash is stored. */
export const toNewSessionRow = (userId: number, tokenHash: string, at: Date): NewSessionRow => ({
  userId,
  sessionToken: tokenHash,
  loginTime: at,
  lastActivity: at,
  isActive: true,
});

/** The columns that close a session at `at`, with its hours (numeric(8,2), written as text). */
export const toClosedSession = (session: UserSessionEntity, at: Date): ClosedSession => ({
  isActive: false,
  logoutTime: at,
  totalHours: ((at.getTime() - session.loginTime.getTime()) / 3_600_000).toFixed(2),
});

/** The sign-in answer: the opaque token (for the cookie) and who it is. */
export const toSession = (token: string, user: UserEntity): Session => ({
  token,
  user: toCurrentUser(user),
});
