export { ServiceRecordEntity } from './service-record.entity';
export { ServiceRecordsController } from './service-records.controller';
export { ServiceRecordsRepository } from './service-records.repository';
export { RECORD_MESSAGES, ServiceRecordsService } from './service-records.service';
