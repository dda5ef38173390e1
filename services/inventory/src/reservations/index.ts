export * from './reservations.controller';
export * from './reservations.repository';
export * from './reservations.service';
