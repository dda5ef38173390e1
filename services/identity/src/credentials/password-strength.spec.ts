import { ACCOUNT_MESSAGES } from '@cincy/contracts';
import { passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it('refuses a common password and says why and what would pass', () => {
    const message = passwordWeakness('password123');
    expect(message).toContain(ACCOUNT_MESSAGES.passwordWeak);
    expect(message).toContain('This is a commonly used password.');
    expect(message).toContain('three or four uncommon words');
  });

  it('refuses a password made of the account’s own name', () => {
    expect(passwordWeakness('dana.miller', ['dana.miller', 'Dana Miller'])).not.toBeNull();
  });

  it('refuses a password made of the business’s own words', () => {
    expect(passwordWeakness('CincyBattery2026')).not.toBeNull();
  });

  it('accepts a passphrase and a long random password', () => {
    expect(passwordWeakness('correct horse battery staple')).toBeNull();
    expect(passwordWeakness('kT9#vQ2mLp')).toBeNull();
  });
});
