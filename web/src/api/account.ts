import type {
  AccountSecurity,
  AccountSession,
  Invitation,
  Passkey,
  PasskeyOptions,
  RecoveryCodes,
  SignedInUser,
  TotpSetup,
  User,
  invitationAcceptSchema,
  mfaLoginSchema,
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
} from '@cincy/contracts';
import { requestJson } from './request';
import type { SchemaInput } from './schema-types';

/** The body of POST /api/auth/login/mfa: the app's code or one recovery code. */
export type MfaLoginBody = SchemaInput<typeof mfaLoginSchema>;

/** The body of POST /api/auth/passkeys/registration. */
export type PasskeyRegistrationBody = SchemaInput<typeof passkeyRegistrationSchema>;

/** The body of POST /api/auth/passkeys/authentication. */
export type PasskeyAuthenticationBody = SchemaInput<typeof passkeyAuthenticationSchema>;

/** The body of POST /api/auth/invitations/{token}/accept. */
export type InvitationAcceptBody = SchemaInput<typeof invitationAcceptSchema>;

/** A sentence the server says of a change done. */
export interface ServerMessage {
  message: string;
}

/** The second step of a pending session: signed in once the code is right. */
export function loginMfa(body: MfaLoginBody): Promise<SignedInUser> {
  return requestJson('POST', '/api/auth/login/mfa', body);
}

/** The account's second steps, for its Security page (a pending session may read it too). */
export function fetchAccountSecurity(signal?: AbortSignal): Promise<AccountSecurity> {
  return requestJson('GET', '/api/auth/security', undefined, { signal });
}

/** A new authenticator app's secret (409 when one is already set up). */
export function startTotpSetup(): Promise<TotpSetup> {
  return requestJson('POST', '/api/auth/mfa/totp/setup');
}

/** The app's first code: two-step sign-in is on, and the recovery codes are shown once. */
export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return requestJson('POST', '/api/auth/mfa/totp/confirm', { code });
}

export function passkeyRegistrationOptions(): Promise<PasskeyOptions> {
  return requestJson('POST', '/api/auth/passkeys/registration/options');
}

export function registerPasskey(body: PasskeyRegistrationBody): Promise<Passkey> {
  return requestJson('POST', '/api/auth/passkeys/registration', body);
}

/** A passkey sign-in's challenge (public): passwordless, or a pending session's second step. */
export function passkeyAuthenticationOptions(): Promise<PasskeyOptions> {
  return requestJson('POST', '/api/auth/passkeys/authentication/options');
}

/** The passkey's answer to the challenge: signed in (the cookie is set). */
export function authenticateWithPasskey(body: PasskeyAuthenticationBody): Promise<SignedInUser> {
  return requestJson('POST', '/api/auth/passkeys/authentication', body);
}

export function deletePasskey(id: number): Promise<ServerMessage> {
  return requestJson('DELETE', `/api/auth/passkeys/${id}`);
}

/** Where the account is signed in, newest first. */
export function fetchAccountSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return requestJson('GET', '/api/auth/sessions', undefined, { signal });
}

export function endAccountSession(id: number): Promise<ServerMessage> {
  return requestJson('DELETE', `/api/auth/sessions/${id}`);
}

/** Every session of the account but this one. */
export function endOtherSessions(): Promise<{ ended: number }> {
  return requestJson('POST', '/api/auth/sessions/revoke-others');
}

/** An invitation by its link's token (public): 404 when it is not valid any more. */
export function fetchInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return requestJson('GET', `/api/auth/invitations/${encodeURIComponent(token)}`, undefined, {
    signal,
  });
}

export function acceptInvitation(token: string, body: InvitationAcceptBody): Promise<User> {
  return requestJson('POST', `/api/auth/invitations/${encodeURIComponent(token)}/accept`, body);
}

/** Always the same answer, whether or not such an account exists. */
export function requestPasswordReset(login: string): Promise<ServerMessage> {
  return requestJson('POST', '/api/auth/password-reset', { login });
}

export function resetPassword(token: string, password: string): Promise<ServerMessage> {
  return requestJson('POST', `/api/auth/password-reset/${encodeURIComponent(token)}`, {
    password,
  });
}

/** One's own new password, with the current one: one's other sessions end. */
export function changePassword(body: {
  currentPassword: string;
  password: string;
}): Promise<ServerMessage> {
  return requestJson('POST', '/api/auth/password', body);
}
