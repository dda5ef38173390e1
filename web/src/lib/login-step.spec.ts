import type { LoginAnswer, SignedInUser } from '@cincy/contracts';
import { isMfaRequired } from './login-step';
import { secondStepOf } from './sign-in-steps';
import { ApiRequestError } from '../api/request';

const admin: SignedInUser = {
  id: 1,
  name: 'Ada',
  username: 'admin',
  role: 'admin',
  privileged: true,
  idleMinutes: 30,
};

describe("the login's answer", () => {
  it('is signed in when it is the user', () => {
    expect(secondStepOf(admin)).toBeNull();
  });

  it('names the second step and its methods', () => {
    const answer: LoginAnswer = { mfa: 'required', methods: ['totp', 'passkey'] };
    expect(secondStepOf(answer)).toEqual({ mfa: 'required', methods: ['totp', 'passkey'] });
    expect(secondStepOf({ mfa: 'required', methods: ['passkey'] })).toEqual({
      mfa: 'required',
      methods: ['passkey'],
    });
  });

  it('falls back to the app code when the methods are missing or unknown', () => {
    expect(secondStepOf({ mfa: 'required', methods: [] })).toEqual({
      mfa: 'required',
      methods: ['totp'],
    });
    const odd = { mfa: 'required', methods: ['sms'] } as unknown as LoginAnswer;
    expect(secondStepOf(odd)).toEqual({ mfa: 'required', methods: ['totp'] });
    const none = { mfa: 'required' } as unknown as LoginAnswer;
    expect(secondStepOf(none)).toEqual({ mfa: 'required', methods: ['totp'] });
  });

  it('sends an admin without a second step to set one up', () => {
    expect(secondStepOf({ mfa: 'enroll' })).toEqual({ mfa: 'enroll' });
  });
});

describe('isMfaRequired', () => {
  it('is a 403 that says the session waits for its second step, not any refusal', () => {
    expect(isMfaRequired(new ApiRequestError(403, '', { code: 'MFA_REQUIRED' }))).toBe(true);
    expect(isMfaRequired(new ApiRequestError(403, '', { code: 'FORBIDDEN' }))).toBe(false);
    expect(isMfaRequired(new TypeError('Failed to fetch'))).toBe(false);
  });
});
