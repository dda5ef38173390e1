import { AccountSession, MfaMethod, Session, SessionStage, SignInClient } from '@cincy/contracts';
import { describeDevice, describePlace } from '../credentials';
import { UserEntity, toCurrentUser } from '../users';
import { UserSessionEntity } from './user-session.entity';

export type NewSessionRow = Pick<
  UserSessionEntity,
  | 'userId'
  | 'sessionToken'
  | 'loginTime'
  | 'lastActivity'
  | 'isActive'
  | 'stage'
  | 'userAgent'
  | 'ip'
  | 'deviceHash'
>;
export type ClosedSession = Pick<UserSessionEntity, 'isActive' | 'logoutTime' | 'totalHours'>;

/** A session opened now; only the token's hash (and the device cookie's) is stored. */
export const toNewSessionRow = (
  userId: number,
  tokenHash: string,
  at: Date,
  opened: { stage: SessionStage; client: SignInClient; deviceHash: string },
): NewSessionRow => ({
  userId,
  sessionToken: tokenHash,
  loginTime: at,
  lastActivity: at,
  isActive: true,
  stage: opened.stage,
  userAgent: opened.client.userAgent.slice(0, 500),
  ip: opened.client.ip.slice(0, 100),
  deviceHash: opened.deviceHash,
});

/** The columns that close a session at `at`, with its hours (numeric(8,2), written as text). */
export const toClosedSession = (session: UserSessionEntity, at: Date): ClosedSession => ({
  isActive: false,
  logoutTime: at,
  totalHours: ((at.getTime() - session.loginTime.getTime()) / 3_600_000).toFixed(2),
});

/** The sign-in answer: the opaque token (for the cookie), who it is and what is left to do. */
export const toSession = (
  token: string,
  user: UserEntity,
  stage: SessionStage = 'full',
  methods: MfaMethod[] = [],
): Session => ({
  token,
  user: toCurrentUser(user),
  stage,
  methods,
});

/** One row of "Where you're signed in". */
export const toAccountSession = (s: UserSessionEntity, currentId: number): AccountSession => ({
  id: s.id,
  current: s.id === currentId,
  device: describeDevice(s.userAgent),
  place: describePlace(s.ip),
  signedInAt: s.loginTime.toISOString(),
  lastSeenAt: s.lastActivity.toISOString(),
});
