export * from './vin.controller';
