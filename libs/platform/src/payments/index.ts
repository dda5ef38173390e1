export * from './payments-env';
export * from './dev-checkout';
