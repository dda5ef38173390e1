export * from './locations.controller';
export * from './transfers.service';
export * from './vans.service';
