import { z } from 'zod';
import { roleSchema, tooLong } from '../common';
import { emailSchema, passwordSchema, signedInUserSchema, usernameSchema } from './api';

/**
 * Staff accounts that hold (issue 38): the second step of sign-in, passkeys, invitations,
 * password resets and the sessions a person sees and ends (docs/adr/0120-staff-accounts.md).
 */

/** What the audit log records of an account's sign-in (the event 'identity.user.security'). */
export const ACCOUNT_ACTIONS = [
  'signed in',
  'sign-in failed',
  'two-step enrolled',
  'recovery code used',
  'passkey added',
  'passkey removed',
  'invited',
  'invitation accepted',
  'password reset requested',
  'password reset',
  'password changed',
  'session ended',
  'sessions ended',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** How far a session is signed in: 'mfa' and 'enroll' may only finish signing in. */
export const SESSION_STAGES = ['full', 'mfa', 'enroll'] as const;
export const sessionStageSchema = z.enum(SESSION_STAGES);
export type SessionStage = z.infer<typeof sessionStageSchema>;

/** The second steps an account may have. A recovery code always stands in for the app's code. */
export const MFA_METHODS = ['totp', 'passkey'] as const;
export const mfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

export const ACCOUNT_LIMITS = {
  /** A password and a username typed, then a code: ten minutes to finish signing in. */
  pendingSignInMinutes: 10,
  /** Single use, 72 h: an invitation link. */
  invitationHours: 72,
  /** A reset link lives an hour (OWASP's forgot-password guidance). */
  passwordResetMinutes: 60,
  /** The field app remembers a phone that passed the second step (issue 38). */
  trustedDeviceDays: 30,
  recoveryCodes: 10,
  /** A passkey's ceremony must finish within this (WebAuthn's own timeout is the same). */
  passkeyChallengeMinutes: 5,
  /** A session ends this long after its sign-in, used or not (ASVS 7.3.2): a long shift. */
  sessionMaxHours: 12,
  /** Where you're signed in: the newest sessions, enough for any person's devices. */
  sessionsListed: 50,
} as const;

export const ACCOUNT_MESSAGES = {
  mfaRequired: 'Finish signing in with your second step first.',
  enrollFirst: 'Set up two-step sign-in before anything else: admins must have it.',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  codeWrong: 'That code is not right. Check the time on your phone and try the newest code.',
  codeReused: 'That code was already used. Wait for the next one (up to 30 seconds).',
  recoveryWrong: 'That recovery code is not right or was already used.',
  noTotp: 'This account has no authenticator app set up.',
  totpAlready: 'An authenticator app is already set up. Remove it first to set up another.',
  setupFirst: 'Start the setup again: the QR code was not shown yet or has expired.',
  passkeyFailed: 'That passkey could not be checked. Try again, or sign in with your password.',
  passkeyExpired: 'The passkey request expired. Try again.',
  passkeyNotFound: 'Passkey not found',
  sessionNotFound: 'Session not found',
  invitationInvalid: 'This invitation link is not valid any more. Ask an admin for a new one.',
  resetInvalid: 'This password reset link is not valid any more. Ask for a new one.',
  resetSent:
    'If an account has that email or username, a link to choose a new password is on its way.',
  emailTaken: 'That email is already used by another account.',
  emailInvalid: 'Enter a valid email address',
  passwordWeak: 'Choose a harder password',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Password changed. Your other sessions are signed out.',
} as const;

const sixDigits = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.codeRequired)
  .regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat);

/** A recovery code as shown (xxxxx-xxxxx), typed with or without the dash, any case. */
const recoveryCode = z
  .string()
  .trim()
  .min(1, 'Enter one of your recovery codes')
  .max(40)
  .transform((code) => code.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** POST /api/auth/login's answer: signed in, or a second step (or its setup) to go. */
export const loginAnswerSchema = z.union([
  signedInUserSchema,
  z.object({ mfa: z.literal('required'), methods: z.array(mfaMethodSchema) }),
  z.object({ mfa: z.literal('enroll') }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/auth/login/mfa: the app's code or one recovery code. */
export const mfaLoginSchema = z
  .object({
    code: sixDigits.optional(),
    recoveryCode: recoveryCode.optional(),
    /** Remember this phone for 30 days (the field app's "Trust this phone"). */
    trustDevice: z.boolean().optional(),
  })
  // One of them; given both, the app's code is the one checked.
  .refine((body) => body.code !== undefined || body.recoveryCode !== undefined, {
    message: ACCOUNT_MESSAGES.codeRequired,
    path: ['code'],
  });
export type MfaLogin = z.infer<typeof mfaLoginSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpConfirmSchema = z.object({ code: sixDigits });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A registered passkey, as the Security page lists it. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/security: the account's second steps, for its Security page. */
export const accountSecuritySchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkeySchema),
  /** Admins must have a second step (REQUIRE_ADMIN_MFA). */
  required: z.boolean(),
  email: z.string().nullable(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** WebAuthn's options and responses pass through as the browser library makes them. */
export const webAuthnJsonSchema = z.record(z.string(), z.unknown());
export const passkeyRegistrationSchema = z.object({
  challengeId: z.string().min(1).max(100),
  response: webAuthnJsonSchema,
  name: z.string().trim().max(60, tooLong('Name', 60)).optional(),
});
export const passkeyOptionsSchema = z.object({
  /** The ceremony's id: sent back with the answer. */
  challengeId: z.string(),
  options: webAuthnJsonSchema,
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;
export const passkeyAuthenticationSchema = z.object({
  challengeId: z.string().min(1).max(100),
  response: webAuthnJsonSchema,
});

/** One place an account is signed in (GET /api/auth/sessions). */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** The session this request came with. */
  current: z.boolean(),
  /** "Chrome 131 on Android", from the browser's User-Agent. */
  device: z.string(),
  /** The network it came from, as near as is known without a location database. */
  place: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** POST /api/users/invitations. */
export const invitationInputSchema = z.object({
  email: emailSchema,
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, tooLong('Name', 100)),
  role: roleSchema.default('technician'),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/auth/invitations/{token}/accept: the person chooses their username and password. */
export const invitationAcceptSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
});
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

export const passwordResetRequestSchema = z.object({
  /** The account's email or username. */
  login: z
    .string({ error: 'Enter your email or username' })
    .trim()
    .min(1, 'Enter your email or username')
    .max(254),
});
export const passwordResetSchema = z.object({ password: passwordSchema });

/** POST /api/auth/password: one's own new password, with the current one (ASVS 6.2.3). */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(200),
  password: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** An invitation's or reset's link token (32 random bytes, base64url): else "not valid". */
export const accountLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not found');

/** What the gateway tells identity of the browser signing in. */
export const signInClientSchema = z.object({
  userAgent: z.string().max(500),
  ip: z.string().max(100),
  /** The device cookie's value: one per browser, kept a year. */
  deviceId: z.string().max(200),
});
export type SignInClient = z.infer<typeof signInClientSchema>;

/** Where a passkey ceremony happens: the page's origin and its host (the relying party). */
export const relyingPartySchema = z.object({
  origin: z.string().max(300),
  rpId: z.string().max(253),
});
export type RelyingParty = z.infer<typeof relyingPartySchema>;
