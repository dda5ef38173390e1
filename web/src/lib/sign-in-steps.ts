// The second step's rules (issue 38) for the screens that show it: the back office's sign-in and
// setup, and the field app. Plain: no zod (the field app's first screen carries none).
import type { AccountSecurity, LoginAnswer, MfaMethod, SignedInUser } from '@cincy/contracts';
import { fetchAccountSecurity, type MfaLoginBody } from '../api/account';
import { FIELD_APP_URL, usesFieldApp } from './field-app';
import type { PendingStep, SecondStep } from './login-step';

/**
 * The login's answer (or the step the auth store keeps): null when it signed in (the answer is the
 * user), else the step to go; with no known method named, the app's code (a recovery code stands
 * in for it).
 */
export function secondStepOf(answer: LoginAnswer | PendingStep): SecondStep | null {
  if (!answer || typeof answer !== 'object' || !('mfa' in answer) || answer.mfa === 'unread')
    return null;
  if (answer.mfa === 'enroll') return { mfa: 'enroll' };
  const sent: unknown[] = Array.isArray(answer.methods) ? answer.methods : [];
  const methods = (['totp', 'passkey'] as const).filter((method) => sent.includes(method));
  return { mfa: 'required', methods: methods.length ? methods : ['totp'] };
}

/**
 * A pending session found later (a 403 MFA_REQUIRED): its account's second steps say which
 * step it is at. An account that must have one and has none sets one up first.
 */
export function secondStepFromSecurity(
  security: Pick<AccountSecurity, 'required' | 'totp' | 'passkeys'>,
): SecondStep {
  const hasPasskey = security.passkeys.length > 0;
  if (security.required && !security.totp && !hasPasskey) return { mfa: 'enroll' };
  const methods: MfaMethod[] = [];
  if (security.totp) methods.push('totp');
  if (hasPasskey) methods.push('passkey');
  return { mfa: 'required', methods: methods.length ? methods : ['totp'] };
}

/**
 * The step of the cookie's pending session, from the account's Security answer (a pending
 * session may read it); the app's code when it cannot be read.
 */
export async function readPendingStep(): Promise<SecondStep> {
  try {
    return secondStepFromSecurity(await fetchAccountSecurity());
  } catch (error) {
    console.warn('Could not read the second step of the session', error);
    return { mfa: 'required', methods: ['totp'] };
  }
}

/** Whether the second step's screen offers a passkey (the app's code is always offered). */
export const offersPasskey = (step: SecondStep | null): boolean =>
  step?.mfa === 'required' && step.methods.includes('passkey');

/** Digits only (an app shows "123 456"; a paste may carry spaces), at most `max`. */
export function digitsOnly(value: unknown, max = 6): string {
  return String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, max);
}

/** POST /api/auth/login/mfa's body from what was typed. */
export function mfaBody(
  typed: { code: string } | { recoveryCode: string },
  trustDevice?: boolean,
): MfaLoginBody {
  const body: MfaLoginBody =
    'code' in typed
      ? { code: digitsOnly(typed.code) }
      : { recoveryCode: typed.recoveryCode.trim() };
  if (trustDevice) body.trustDevice = true;
  return body;
}

/** Where a signed-in person starts: the field app for a technician (another app), else the board. */
export function homeOf(user: Pick<SignedInUser, 'role'> | null): string {
  return usesFieldApp(user) ? FIELD_APP_URL : '/dispatch';
}
