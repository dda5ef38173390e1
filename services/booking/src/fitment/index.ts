export * from './fitment.controller';
export * from './fitment.repository';
export * from './fitment.service';
