import { BookingRequest } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { BookingsService } from './bookings.service';

@Controller()
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

  @RpcHandler('booking.bookings.create')
  create(@RpcPayload('booking.bookings.create') body: BookingRequest) {
    return this.bookings.book(body);
  }
}
