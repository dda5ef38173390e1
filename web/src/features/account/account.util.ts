import type { AccountSession, Invitation, Passkey } from '@cincy/contracts';
import { formatDateTime } from '../../lib/format';
import { ROLE_LABELS } from '../users/user-form.util';

/** The words of the account screens (sign-in's second step, setup, Security), as data. */
export const ACCOUNT_TEXT = {
  secondStepTitle: 'Two-step sign-in',
  codeLabel: 'Authentication code',
  codeHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'Enter one of the recovery codes you saved when you set up two-step sign-in.',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use the code from your app instead',
  usePasskey: 'Use a passkey',
  passkeySignIn: 'Sign in with a passkey',
  verify: 'Verify',
  verifying: 'Verifying...',
  back: 'Back to sign in',
  forgotPassword: 'Forgot password?',
  recoveryTitle: 'Save your recovery codes',
  recoverySaved: 'I have saved them',
  securityTitle: 'Security',
} as const;

/** The authenticator's secret for typing by hand: groups of four ("ABCD EFGH IJKL"). */
export function groupSecret(secret: string): string {
  return secret
    .replace(/[\s-]/g, '')
    .replace(/(.{4})(?!$)/g, '$1 ')
    .trim();
}

export const RECOVERY_CODES_FILE_NAME = 'cincy-battery-recovery-codes.txt';

/** The recovery codes as a text file (Download) or on the clipboard (Copy). */
export function recoveryCodesText(
  codes: readonly string[],
  account: string | null,
  at: Date,
): string {
  const who = account ? ` for ${account}` : '';
  return [
    `Cincy Battery recovery codes${who}`,
    `Made ${at.toISOString().slice(0, 10)}. Each code works once, instead of the app's code.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** "You're invited as Technician". */
export function invitedAsText(invitation: Pick<Invitation, 'role'>): string {
  return `You're invited as ${ROLE_LABELS[invitation.role] ?? invitation.role}`;
}

/** "Terry Tech (terry@example.com)". */
export function invitedWhoText(invitation: Pick<Invitation, 'name' | 'email'>): string {
  return `${invitation.name} (${invitation.email})`;
}

export function invitationSentText(email: string): string {
  return `Invitation sent to ${email.trim()}`;
}

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/** After "Sign out everywhere else". */
export function otherSessionsEndedText(ended: number): string {
  return ended === 0
    ? 'You were not signed in anywhere else.'
    : `Signed out of ${sessions(ended)} elsewhere.`;
}

/** After an admin's "Sign out everywhere" of a user. */
export function userSessionsEndedText(name: string, ended: number): string {
  return ended === 0
    ? `${name} was not signed in anywhere.`
    : `${name} was signed out of ${sessions(ended)}.`;
}

/** Security's line on the recovery codes; few left is a warning. */
export function recoveryCodesLeftText(left: number): string {
  if (left === 0) return 'No recovery codes left.';
  return `${left} recovery ${left === 1 ? 'code' : 'codes'} left.`;
}

/** Three or fewer codes left: time to make new ones (or set up a passkey). */
export const FEW_RECOVERY_CODES = 3;

/** "Last used Jun 1, 2030, 9:05 AM", or "Never used". */
export function passkeyUsedText(passkey: Pick<Passkey, 'lastUsedAt'>): string {
  return passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Never used';
}

/** The current session first, then the most recently seen. */
export function sortSessions(list: readonly AccountSession[]): AccountSession[] {
  return [...list].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt),
  );
}

/** Whether "Sign out everywhere else" has anything to end. */
export const hasOtherSessions = (list: readonly AccountSession[]): boolean =>
  list.some((session) => !session.current);
