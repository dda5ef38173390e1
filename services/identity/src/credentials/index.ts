export * from './account-mail';
export * from './accounts.repository';
export * from './device';
export * from './password-strength';
export * from './recovery-codes';
export * from './totp';
