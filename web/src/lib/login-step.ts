// What is left of signing in after the password (issue 38): the little the auth store needs. It is
// in the entry every visitor downloads, so no zod and nothing else here: the rest of the second
// step's rules are in sign-in-steps.ts, loaded with the screens that use them.
import { ERROR_CODES, type MfaMethod } from '@cincy/contracts';
import { ApiRequestError } from '../api/request';

/** The setup of a second step: a pending session of an admin without one opens it. */
export const SETUP_TWO_STEP_PATH = '/account/setup-two-step';

/** The signed-in person's Security page: two-step sign-in, passkeys, sessions. */
export const SECURITY_PATH = '/account/security';

/** The session passed the password: a code (or a passkey) to go, or a second step to set up. */
export type SecondStep = { mfa: 'required'; methods: MfaMethod[] } | { mfa: 'enroll' };

/**
 * What the auth store keeps of a pending session: the login's step, or (a session found pending
 * later, by a 403 MFA_REQUIRED) 'unread': the login page reads the account's step then.
 */
export type PendingStep = SecondStep | { mfa: 'unread' };

/** A refused call that says the session still waits for its second step (403 MFA_REQUIRED). */
export const isMfaRequired = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === ERROR_CODES.mfaRequired;
