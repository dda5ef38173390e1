export * from './billable-jobs.repository';
