export * from './invoice-rules';
export * from './invoices.controller';
export * from './invoices.repository';
export * from './invoices.service';
