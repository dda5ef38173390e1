import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten different codes of six groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
  });

  it('hash the same typed with or without dashes and in any case, and per user', () => {
    const [code] = newRecoveryCodes();
    const typed = code.replace(/-/g, '').toUpperCase();
    expect(recoveryCodeHash(7, typed)).toBe(recoveryCodeHash(7, code));
    expect(recoveryCodeHash(8, code)).not.toBe(recoveryCodeHash(7, code));
  });
});
