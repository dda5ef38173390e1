import { LINK_TOKEN, REFERENCE, isLinkToken, normalizeReference } from '@cincy/contracts';
import {
  hashVerifier,
  newLinkToken,
  newReference,
  samePhone,
  splitLinkToken,
  verifierMatches,
} from './link-token';

describe('booking references', () => {
  it('is CB- and five symbols of the alphabet, which normalizeReference keeps as is', () => {
    for (let i = 0; i < 200; i++) {
      const reference = newReference();
      expect(reference).toMatch(/^CB-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
      expect(normalizeReference(reference)).toBe(reference);
    }
  });

  it('draws each symbol from the whole alphabet', () => {
    const draws: number[] = [];
    const reference = newReference((max) => (draws.push(max), draws.length - 1));
    expect(draws).toEqual(Array(REFERENCE.length).fill(REFERENCE.alphabet.length));
    expect(reference).toBe(`CB-${REFERENCE.alphabet.slice(0, 5)}`);
    expect(newReference((max) => max - 1)).toBe('CB-ZZZZZ');
  });
});

describe('link tokens', () => {
  it('are a 12-character selector and a 22-character verifier, both base64url', () => {
    const { token, selector } = newLinkToken();
    expect(token).toHaveLength(LINK_TOKEN.selectorLength + LINK_TOKEN.verifierLength);
    expect(isLinkToken(token)).toBe(true);
    expect(token.startsWith(selector)).toBe(true);
    expect(selector).toHaveLength(LINK_TOKEN.selectorLength);
  });

  it('keep only the hash of the verifier, never the verifier itself', () => {
    const link = newLinkToken();
    const { verifier } = splitLinkToken(link.token)!;
    expect(link.verifierHash.equals(hashVerifier(verifier))).toBe(true);
    expect(link.verifierHash).toHaveLength(32);
    expect(link.verifierHash.toString('base64url')).not.toContain(verifier);
    expect(
      Object.values(link).filter((v) => typeof v === 'string' && v.includes(verifier)),
    ).toEqual([link.token]);
  });

  it('differ every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newLinkToken().token));
    expect(tokens.size).toBe(100);
  });

  it('split into selector and verifier, and a malformed one is no token', () => {
    const { token, selector } = newLinkToken();
    expect(splitLinkToken(token)).toEqual({ selector, verifier: token.slice(12) });
    for (const bad of ['', token.slice(1), `${token}A`, `${token.slice(0, 33)}!`, 'x'.repeat(100)])
      expect(splitLinkToken(bad)).toBeNull();
  });

  it('match their own verifier only', () => {
    const { token, verifierHash } = newLinkToken();
    const { verifier } = splitLinkToken(token)!;
    expect(verifierMatches(verifier, verifierHash)).toBe(true);
    const other = verifier.slice(0, -1) + (verifier.endsWith('A') ? 'B' : 'A');
    expect(verifierMatches(other, verifierHash)).toBe(false);
    expect(verifierMatches(verifier, Buffer.alloc(0))).toBe(false);
  });
});

describe('matching a phone number', () => {
  it.each([
    ['(513) 555-0100', '5135550100'],
    ['+1 513 555 0100', '5135550100'],
    ['513-555-0100', '15135550100'],
  ])('takes %j for %j', (typed, stored) => {
    expect(samePhone(typed, stored)).toBe(true);
  });

  it('refuses another number, and too few digits', () => {
    expect(samePhone('(513) 555-0101', '5135550100')).toBe(false);
    expect(samePhone('555-0100', '5550100')).toBe(false);
  });
});
