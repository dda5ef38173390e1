export * from './warranty-claims.controller';
export * from './warranty-claims.repository';
export * from './warranty-claims.service';
