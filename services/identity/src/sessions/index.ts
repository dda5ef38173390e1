export * from './user-session.entity';
export * from './user-session.mapper';
export * from './sessions.repository';
export * from './sessions.service';
export * from './sessions.controller';
