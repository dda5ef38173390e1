import { ACCOUNT_MESSAGES, LOGIN_FAILURE } from '@cincy/contracts';
import { ApiRequestError } from '../api/request';
import { SECOND_STEP_TEXT, pendingSessionGone, secondStepFailure } from './second-step';

const refused = (status: number, body: object) => new ApiRequestError(status, '', body);

describe('secondStepFailure', () => {
  it("says the server's words: a wrong code, or one already used", () => {
    const reused = refused(401, {
      code: 'INVALID_CREDENTIALS',
      message: ACCOUNT_MESSAGES.codeReused,
      fieldErrors: { code: ACCOUNT_MESSAGES.codeReused },
    });
    expect(secondStepFailure(reused, false)).toBe(ACCOUNT_MESSAGES.codeReused);
    expect(pendingSessionGone(reused)).toBe(false);
  });

  it("falls back to the contract's words for the code or the recovery code", () => {
    const bare = refused(401, { code: 'INVALID_CREDENTIALS' });
    expect(secondStepFailure(bare, false)).toBe(ACCOUNT_MESSAGES.codeWrong);
    expect(secondStepFailure(bare, true)).toBe(ACCOUNT_MESSAGES.recoveryWrong);
  });

  it('says to wait when throttled', () => {
    expect(secondStepFailure(refused(429, {}), false)).toBe(LOGIN_FAILURE.throttled);
    expect(secondStepFailure(refused(429, { message: 'Wait 5 minutes.' }), false)).toBe(
      'Wait 5 minutes.',
    );
  });

  it('sends back to the password when the pending session is gone', () => {
    const gone = refused(401, { code: 'UNAUTHENTICATED', message: 'The session ended.' });
    expect(pendingSessionGone(gone)).toBe(true);
    expect(secondStepFailure(gone, false)).toBe(SECOND_STEP_TEXT.expired);
  });

  it('says when the server could not be reached', () => {
    expect(secondStepFailure(new TypeError('Failed to fetch'), false)).toBe(
      SECOND_STEP_TEXT.unreachable,
    );
  });
});
