// Loaded when the visitor sends "Find your booking": the contracts' schema, and zod with it.
export { findBookingSchema } from '@cincy/contracts';
