import { ACCOUNT_MESSAGES, LOGIN_FAILURE } from '@cincy/contracts';
import { ApiRequestError } from '../api/request';
import { PASSKEY_TEXT, passkeyFailure, passkeysSupported } from './passkeys';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('passkeyFailure', () => {
  it("says the server's words when it refused the passkey", () => {
    const expired = new ApiRequestError(400, '', { message: ACCOUNT_MESSAGES.passkeyExpired });
    expect(passkeyFailure(expired, 'sign-in')).toBe(ACCOUNT_MESSAGES.passkeyExpired);
    expect(passkeyFailure(new ApiRequestError(401, '', {}), 'sign-in')).toBe(
      ACCOUNT_MESSAGES.passkeyFailed,
    );
    expect(passkeyFailure(new ApiRequestError(429, '', {}), 'sign-in')).toBe(
      LOGIN_FAILURE.throttled,
    );
  });

  it('tells a closed prompt apart from a failure', () => {
    expect(passkeyFailure(named('NotAllowedError'), 'sign-in')).toBe(PASSKEY_TEXT.signInCancelled);
    expect(passkeyFailure(named('AbortError'), 'add')).toBe(PASSKEY_TEXT.addCancelled);
  });

  it('says when this device already has a passkey of the account', () => {
    expect(passkeyFailure(named('InvalidStateError'), 'add')).toBe(PASSKEY_TEXT.alreadyAdded);
  });

  it("falls back to the contract's words", () => {
    expect(passkeyFailure(new Error('odd'), 'sign-in')).toBe(ACCOUNT_MESSAGES.passkeyFailed);
  });
});

describe('passkeysSupported', () => {
  it('is false where there is no WebAuthn (Node, an old browser)', () => {
    expect(passkeysSupported()).toBe(false);
  });
});
