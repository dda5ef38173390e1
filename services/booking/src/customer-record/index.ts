export { CustomerRecordController } from './customer-record.controller';
export { CustomerRecordRepository } from './customer-record.repository';
export { CustomerRecordService } from './customer-record.service';
