export * from './card-payments.repository';
export * from './card-provider';
export * from './payments.controller';
export * from './payments.service';
