import { checkTotp, newTotpSecret, otpauthUrl, totpCodeAt } from './totp';

const at = new Date('2026-11-29T15:00:10Z');
const epoch = Math.floor(at.getTime() / 1000);
const codeAt = (secret: string, seconds: number) => totpCodeAt(secret, new Date(seconds * 1000));

describe('checkTotp', () => {
  const secret = newTotpSecret();

  it('accepts the current code and gives its time step', () => {
    expect(checkTotp(secret, codeAt(secret, epoch), null, at)).toEqual({
      ok: true,
      step: Math.floor(epoch / 30),
    });
  });

  it('accepts the previous step’s code (a phone clock a little behind)', () => {
    expect(checkTotp(secret, codeAt(secret, epoch - 30), null, at).ok).toBe(true);
  });

  it('refuses a code two steps old and a made-up one', () => {
    expect(checkTotp(secret, codeAt(secret, epoch - 90), null, at)).toEqual({
      ok: false,
      reason: 'wrong',
    });
    const wrong = String((Number(codeAt(secret, epoch)) + 1) % 1_000_000).padStart(6, '0');
    expect(checkTotp(secret, wrong, null, at)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses a code of a step already used, and an older one', () => {
    const step = Math.floor(epoch / 30);
    expect(checkTotp(secret, codeAt(secret, epoch), step, at)).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(checkTotp(secret, codeAt(secret, epoch - 30), step, at)).toEqual({
      ok: false,
      reason: 'reused',
    });
  });
});

describe('otpauthUrl', () => {
  it('names the business and the account for the authenticator app', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'dana')).toBe(
      'otpauth://totp/Cincy%20Battery:dana?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=Cincy%20Battery',
    );
  });
});
