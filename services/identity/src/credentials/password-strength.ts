import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { ACCOUNT_MESSAGES } from '@cincy/contracts';

/**
 * zxcvbn's score of 3 or more ("safely unguessable": about 10^8 guesses and up) is accepted:
 * it refuses common and breached-style passwords (dictionary words, keyboard walks, dates,
 * "password123") without composition rules (NIST SP 800-63B 3.1.1.2; docs/adr/0120).
 */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  }));

/**
 * Words of this business that make a password easy to guess here (ASVS 6.1.2, 6.2.11): counted
 * against it as the account's own names are.
 */
export const CONTEXT_WORDS = [
  'cincy',
  'cincinnati',
  'battery',
  'batteries',
  'cincybattery',
  'dispatch',
  'technician',
  'kentucky',
] as const;

/**
 * Why a new password is refused, said so that the person knows what would be accepted; null when
 * it is strong enough. The account's own names count against it.
 */
export function passwordWeakness(
  password: string,
  personal: readonly string[] = [],
): string | null {
  const words = [...CONTEXT_WORDS, ...personal.filter(Boolean)];
  const { score, feedback } = estimator().check(password, words);
  if (score >= MIN_PASSWORD_SCORE) return null;
  const why = feedback.warning ? ` ${feedback.warning}` : '';
  return (
    `${ACCOUNT_MESSAGES.passwordWeak}:${why} ` +
    'Use three or four uncommon words, or a longer mix of words, numbers and symbols.'
  ).replace(/\s+/g, ' ');
}
