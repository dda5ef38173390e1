// Passkeys (WebAuthn) through @simplewebauthn/browser, loaded when a ceremony starts: the login
// page's first paint does not carry it. The server's options and the browser's answers pass
// through as JSON.
import { ACCOUNT_MESSAGES, LOGIN_FAILURE, type Passkey, type SignedInUser } from '@cincy/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  authenticateWithPasskey,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
} from '../api/account';
import { ApiRequestError } from '../api/request';
import { loadOnce } from './load-once';

const loadWebAuthn = loadOnce(() => import('@simplewebauthn/browser'));

/** Whether this browser can use passkeys at all (the buttons are not offered otherwise). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The texts of a passkey ceremony that did not finish (beside ACCOUNT_MESSAGES, the server's). */
export const PASSKEY_TEXT = {
  signInCancelled: 'No passkey was used. Try again, or sign in with your password.',
  addCancelled: 'No passkey was added: the request was cancelled or timed out.',
  alreadyAdded: 'This device already has a passkey for your account.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

type Purpose = 'sign-in' | 'add';

/** What to say when a passkey sign-in or registration did not finish. */
export function passkeyFailure(error: unknown, purpose: Purpose): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return error.serverMessage ?? LOGIN_FAILURE.throttled;
    return error.serverMessage ?? ACCOUNT_MESSAGES.passkeyFailed;
  }
  const name = (error as { name?: unknown } | null)?.name;
  // The person closed the browser's prompt, it timed out, or no passkey was chosen.
  if (name === 'NotAllowedError' || name === 'AbortError')
    return purpose === 'sign-in' ? PASSKEY_TEXT.signInCancelled : PASSKEY_TEXT.addCancelled;
  // Registration: the authenticator already holds a passkey of this account (excludeCredentials).
  if (name === 'InvalidStateError' && purpose === 'add') return PASSKEY_TEXT.alreadyAdded;
  if (name === 'NotSupportedError') return PASSKEY_TEXT.unsupported;
  return ACCOUNT_MESSAGES.passkeyFailed;
}

/**
 * Signs in with a passkey: passwordless from the login page, or as the second step of a pending
 * session. The cookie holds the session once the server has checked the passkey; the caller
 * hands the user to the auth store (`authStore.completeSignIn`).
 */
export async function signInWithPasskey(): Promise<SignedInUser> {
  const [{ startAuthentication }, { challengeId, options }] = await Promise.all([
    loadWebAuthn(),
    passkeyAuthenticationOptions(),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return authenticateWithPasskey({
    challengeId,
    response: response as unknown as Record<string, unknown>,
  });
}

/** Registers a passkey of this device for the signed-in (or enrolling) account. */
export async function addPasskey(name?: string): Promise<Passkey> {
  const [{ startRegistration }, { challengeId, options }] = await Promise.all([
    loadWebAuthn(),
    passkeyRegistrationOptions(),
  ]);
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const trimmed = name?.trim();
  return registerPasskey({
    challengeId,
    response: response as unknown as Record<string, unknown>,
    ...(trimmed ? { name: trimmed } : {}),
  });
}
