import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LINK_TOKEN, isLinkToken, referenceFrom } from '@cincy/contracts';

/** `CB-` and five symbols drawn uniformly (randomInt, no modulo bias). */
export const newReference = (draw: (max: number) => number = randomInt): string =>
  referenceFrom(draw);

/** A new private link: the token goes to the customer once; only selector and hash are kept. */
export interface NewLink {
  token: string;
  selector: string;
  verifierHash: Buffer;
}

export function newLinkToken(): NewLink {
  const selector = randomBytes(LINK_TOKEN.selectorBytes).toString('base64url');
  const verifier = randomBytes(LINK_TOKEN.verifierBytes).toString('base64url');
  return { token: selector + verifier, selector, verifierHash: hashVerifier(verifier) };
}

/** The token's two halves, or null when it cannot be a token (never reaches the database). */
export function splitLinkToken(token: string): { selector: string; verifier: string } | null {
  if (!isLinkToken(token)) return null;
  return {
    selector: token.slice(0, LINK_TOKEN.selectorLength),
    verifier: token.slice(LINK_TOKEN.selectorLength),
  };
}

export const hashVerifier = (verifier: string): Buffer =>
  createHash('sha256').update(verifier).digest();

/** Constant time: how much of the hash matched must not show in how long the answer took. */
export function verifierMatches(verifier: string, storedHash: Buffer): boolean {
  const hash = hashVerifier(verifier);
  return storedHash.length === hash.length && timingSafeEqual(hash, storedHash);
}

/** The same phone however it was typed: the last ten digits (a leading +1 or 1 drops out). */
export function samePhone(typed: string, storedDigits: string): boolean {
  const last10 = (s: string) => s.replace(/\D/g, '').slice(-10);
  const a = last10(typed);
  return a.length === 10 && a === last10(storedDigits);
}
