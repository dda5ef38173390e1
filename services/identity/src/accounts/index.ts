export * from './accounts.controller';
export * from './links.service';
export * from './mfa.service';
export * from './passkeys.service';
