import { authenticator } from 'otplib';

/** Authenticator apps' defaults (RFC 6238: SHA-1, 6 digits, 30 s), which every app reads. */
export const TOTP_ISSUER = 'Cincy Battery';
const STEP_SECONDS = 30;

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => authenticator.generateSecret(20);

export const otpauthUrl = (secret: string, account: string): string =>
  authenticator.keyuri(account, TOTP_ISSUER, secret);

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'reused' };

/**
 * A code checked against the secret at `now`, one step either side (a phone clock half a minute
 * off still signs in): right, wrong, or right but of a time step already used (a code is used
 * once: RFC 6238 section 5.2).
 */
export function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): TotpCheck {
  const at = authenticator.clone({ epoch: now.getTime(), window: 1 });
  const delta = at.checkDelta(code, secret);
  if (delta === null) return { ok: false, reason: 'wrong' };
  const step = Math.floor(now.getTime() / 1000 / STEP_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return { ok: false, reason: 'reused' };
  return { ok: true, step };
}

/** The code an authenticator app shows at `at` (the tests' and the demo's). */
export const totpCodeAt = (secret: string, at: Date): string =>
  authenticator.clone({ epoch: at.getTime() }).generate(secret);
