export * from './password';
export * from './user.entity';
export * from './user.mapper';
export * from './user-sign-out';
export * from './users.repository';
export * from './users.service';
export * from './users.controller';
