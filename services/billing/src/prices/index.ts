export * from './price-list.controller';
export * from './price-list.repository';
export * from './price-list.service';
