export { BatteryTestsController } from './battery-tests.controller';
export { BatteryTestsRepository } from './battery-tests.repository';
export { BatteryTestsService } from './battery-tests.service';
