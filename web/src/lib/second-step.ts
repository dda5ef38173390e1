// The second step of a pending sign-in on the back office: the app's code or a recovery code.
import { ACCOUNT_MESSAGES, ERROR_CODES, LOGIN_FAILURE, type SignedInUser } from '@cincy/contracts';
import { loginMfa, type MfaLoginBody } from '../api/account';
import { fetchCurrentUser, logout } from '../api/auth';
import { ApiRequestError } from '../api/request';
import { authStore } from './auth-store';

export const SECOND_STEP_TEXT = {
  /** The pending session is gone (ten minutes passed, or it was ended). */
  expired: 'Signing in took too long. Enter your username and password again.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
} as const;

/**
 * What to say when the code was refused: the server's sentence (wrong, or reused: it says which),
 * the throttle on 429, else the contract's.
 */
export function secondStepFailure(error: unknown, recovery: boolean): string {
  if (!(error instanceof ApiRequestError)) return SECOND_STEP_TEXT.unreachable;
  if (error.status === 429) return error.serverMessage ?? LOGIN_FAILURE.throttled;
  if (error.status === 401 && error.code === ERROR_CODES.unauthenticated)
    return SECOND_STEP_TEXT.expired;
  return (
    error.serverMessage ?? (recovery ? ACCOUNT_MESSAGES.recoveryWrong : ACCOUNT_MESSAGES.codeWrong)
  );
}

/** The pending session is gone on the server: the password is asked again. */
export function pendingSessionGone(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 401 &&
    error.code === ERROR_CODES.unauthenticated
  );
}

/**
 * POST /api/auth/login/mfa: null once signed in (the auth store holds the user), else what to
 * say. A pending session that expired sends the page back to the password.
 */
export async function submitSecondStep(body: MfaLoginBody): Promise<string | null> {
  try {
    authStore.completeSignIn(await loginMfa(body));
    return null;
  } catch (error) {
    console.warn('The second step was refused', error);
    if (pendingSessionGone(error)) authStore.clearPending();
    return secondStepFailure(error, body.recoveryCode !== undefined);
  }
}

/**
 * Back to the password: forgets the pending step, and ends the pending session on the server
 * (its answer is not waited for; the session expires on its own anyway).
 */
export function cancelPendingSignIn(): void {
  if (!authStore.pendingStep()) return;
  authStore.clearPending();
  logout(undefined).catch((error: unknown) => {
    console.warn('Ending the pending session failed', error);
  });
}

/**
 * Reads the signed-in user again (after the setup of a second step made a pending session a full
 * one): signed in here with the answer; null when the server knows no such session. Throws the
 * refusal of a session still pending (403 MFA_REQUIRED).
 */
export async function refreshSignIn(): Promise<SignedInUser | null> {
  const user = await fetchCurrentUser();
  if (user) authStore.completeSignIn(user);
  return user;
}
