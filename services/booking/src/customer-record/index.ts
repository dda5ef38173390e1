export { CustomerAddressesAndVehicles1732900000001 } from './1732900000001-customer-addresses-and-vehicles';
export { CustomerRecordController } from './customer-record.controller';
export { CustomerRecordRepository } from './customer-record.repository';
export { CustomerRecordService } from './customer-record.service';
