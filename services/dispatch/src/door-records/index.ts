export { BatteryTestsController } from './battery-tests.controller';
export { BatteryTestsRepository } from './battery-tests.repository';
export { BatteryTestsService } from './battery-tests.service';
export { PhotosController } from './photos.controller';
export { PhotosRepository } from './photos.repository';
export { PhotosService } from './photos.service';
export { WarrantyClaimsService } from './warranty-claims.service';
