export { ReportsController } from './reports.controller';
export { ReportsRepository } from './reports.repository';
export { ClosedJob, ReportsService } from './reports.service';
export { UNASSIGNED_NAME, buildReport } from './report-figures';
