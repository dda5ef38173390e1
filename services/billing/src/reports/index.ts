export * from './money-report.controller';
export * from './money-report.repository';
