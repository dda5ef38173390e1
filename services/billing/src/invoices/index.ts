export * from './invoice-rules';
export * from './invoice-status';
export * from './invoices.controller';
export * from './invoices.repository';
export * from './invoices.service';
