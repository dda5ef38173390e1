import {
  digitsOnly,
  homeOf,
  mfaBody,
  offersPasskey,
  readPendingStep,
  secondStepFromSecurity,
} from './sign-in-steps';

describe('a pending session found later (403 MFA_REQUIRED)', () => {
  const passkey = { id: 1, name: 'Laptop', createdAt: '', lastUsedAt: null };

  it('sets up a second step when one is required and there is none', () => {
    expect(secondStepFromSecurity({ required: true, totp: false, passkeys: [] })).toEqual({
      mfa: 'enroll',
    });
  });

  it('asks for what the account has', () => {
    expect(secondStepFromSecurity({ required: true, totp: true, passkeys: [] })).toEqual({
      mfa: 'required',
      methods: ['totp'],
    });
    expect(secondStepFromSecurity({ required: false, totp: true, passkeys: [passkey] })).toEqual({
      mfa: 'required',
      methods: ['totp', 'passkey'],
    });
    expect(secondStepFromSecurity({ required: true, totp: false, passkeys: [passkey] })).toEqual({
      mfa: 'required',
      methods: ['passkey'],
    });
    expect(secondStepFromSecurity({ required: false, totp: false, passkeys: [] })).toEqual({
      mfa: 'required',
      methods: ['totp'],
    });
  });

  it('offers a passkey only when the account has one', () => {
    expect(offersPasskey({ mfa: 'required', methods: ['totp', 'passkey'] })).toBe(true);
    expect(offersPasskey({ mfa: 'required', methods: ['totp'] })).toBe(false);
    expect(offersPasskey({ mfa: 'enroll' })).toBe(false);
    expect(offersPasskey(null)).toBe(false);
  });
});

describe('the code typed', () => {
  it('keeps six digits, whatever the spaces or dashes', () => {
    expect(digitsOnly('123 456')).toBe('123456');
    expect(digitsOnly(' 12-34-56-78')).toBe('123456');
    expect(digitsOnly(undefined)).toBe('');
    expect(digitsOnly('abc')).toBe('');
  });

  it('is sent as the code or the recovery code, with the phone trusted when asked', () => {
    expect(mfaBody({ code: '123 456' })).toEqual({ code: '123456' });
    expect(mfaBody({ code: '123456' }, true)).toEqual({ code: '123456', trustDevice: true });
    expect(mfaBody({ recoveryCode: ' abcde-12345 ' })).toEqual({ recoveryCode: 'abcde-12345' });
    expect(mfaBody({ recoveryCode: 'abcde-12345' }, false)).toEqual({
      recoveryCode: 'abcde-12345',
    });
  });
});

describe('home', () => {
  it('is the field app for a technician, the board for an admin', () => {
    expect(homeOf({ role: 'technician' })).toBe('/field/');
    expect(homeOf({ role: 'admin' })).toBe('/dispatch');
    expect(homeOf(null)).toBe('/dispatch');
  });
});

describe('readPendingStep', () => {
  afterEach(() => jest.restoreAllMocks());
  const answer = (status: number, body: unknown) =>
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );

  it("reads the account's second steps", async () => {
    answer(200, { totp: true, recoveryCodesLeft: 9, passkeys: [], required: true, email: null });
    expect(await readPendingStep()).toEqual({ mfa: 'required', methods: ['totp'] });
  });

  it('asks for the code when they cannot be read', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(500, { message: 'Down' });
    expect(await readPendingStep()).toEqual({ mfa: 'required', methods: ['totp'] });
  });
});
