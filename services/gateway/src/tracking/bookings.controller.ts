import { FindBooking, bookingDetailsSchema, findBookingSchema } from '@cincy/contracts';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Public } from '../access/access.decorators';
import { RateLimit } from '../booking/booking-rate-limit.guard';
import { Contract, PathLinkToken } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';
import { TrackingViews } from './tracking-views';

/** The confirmation page, and finding a booking again without its link. */
@Public()
@Controller('bookings')
export class BookingsController {
  constructor(private readonly views: TrackingViews) {}

  /** A reference is guessable (24 million of them): the phone must match, and few tries are let through. */
  @RateLimit('findBooking')
  @Doc('Find a booking by its reference and phone number: a new private link', 'booking.links.find')
  @Post('find')
  @HttpCode(200)
  find(@Body(new Contract(findBookingSchema)) body: FindBooking) {
    return this.views.find(body);
  }

  @RateLimit('tracking')
  @Doc(
    "The booking's confirmation: the customer's own details and the visit",
    bookingDetailsSchema,
    {
      calls: ['booking.links.details', 'dispatch.tracking.view'],
    },
  )
  @Get(':token')
  details(@Param('token', PathLinkToken) token: string) {
    return this.views.details(token);
  }
}
