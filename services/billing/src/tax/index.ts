export * from './tax-rates';
