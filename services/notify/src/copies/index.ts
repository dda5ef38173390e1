export { CopiesRepository } from './copies.repository';
export type { AppointmentCopy, CustomerCopy } from './copies.repository';
