export * from './warranty-claims.controller';
export * from './warranty-claims.repository';
