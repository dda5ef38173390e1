import { createHash, randomInt } from 'node:crypto';
import { ACCOUNT_LIMITS } from '@cincy/contracts';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 31 symbols. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 24 symbols: about 119 bits each (ASVS 6.5.2 asks 112 for a plain hash), in groups of 4. */
const LENGTH = 24;

/** Ten new codes, as shown once to the person. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: ACCOUNT_LIMITS.recoveryCodes }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
  });
}

/**
 * What is stored of a code: SHA-256 of the user's id and the code as typed without dashes.
 * 119 random bits need no slow hash (ASVS 6.5.2), and the sign-in throttle counts every miss.
 */
export const recoveryCodeHash = (userId: number, code: string): string =>
  createHash('sha256')
    .update(`${userId}:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`)
    .digest('hex');
