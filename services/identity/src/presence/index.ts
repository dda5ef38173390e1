export * from './location-tracking.entity';
export * from './location-tracking.mapper';
export * from './presence.repository';
export * from './presence.service';
export * from './presence.controller';
