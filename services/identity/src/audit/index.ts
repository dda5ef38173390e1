export * from './audit-entries';
export * from './audit-redaction';
export * from './audit.repository';
export * from './audit.service';
export * from './audit.controller';
