export { BookingsController } from './bookings.controller';
export { BookingsService } from './bookings.service';
