import {
  CancelBooking,
  PHOTO_TYPES,
  RescheduleBooking,
  cancelBookingSchema,
  rescheduleBookingSchema,
  rescheduledBookingSchema,
  trackingViewSchema,
} from '@cincy/contracts';
import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { Public } from '../access/access.decorators';
import { RateLimit } from '../booking/booking-rate-limit.guard';
import { Contract, PathId, PathLinkToken } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';
import { TrackingViews } from './tracking-views';

/**
 * The tracking page's routes: the customer has no session, the link's token is the key. Each
 * look-up counts against the address's `tracking` limit, so guessing tokens soon stops.
 */
@Public()
@Controller('track')
export class TrackingController {
  constructor(private readonly views: TrackingViews) {}

  @RateLimit('tracking')
  @Doc(
    'Where a visit stands, by its private link (no address, phone or last name)',
    trackingViewSchema,
    {
      calls: ['booking.links.resolve', 'dispatch.tracking.view'],
    },
  )
  @Get(':token')
  view(@Param('token', PathLinkToken) token: string) {
    return this.views.view(token);
  }

  @RateLimit('tracking')
  @Doc('Cancel the visit, until the technician sets out', trackingViewSchema, {
    calls: ['booking.links.resolve', 'dispatch.appointments.cancel'],
  })
  @Post(':token/cancel')
  @HttpCode(200)
  cancel(
    @Param('token', PathLinkToken) token: string,
    @Body(new Contract(cancelBookingSchema)) body: CancelBooking,
  ) {
    return this.views.cancel(token, body);
  }

  @RateLimit('tracking')
  @Doc('Move a visit booked for an hour to another hour', rescheduledBookingSchema, {
    calls: ['booking.links.resolve', 'booking.appointments.reschedule'],
  })
  @Post(':token/reschedule')
  @HttpCode(200)
  reschedule(
    @Param('token', PathLinkToken) token: string,
    @Body(new Contract(rescheduleBookingSchema)) body: RescheduleBooking,
  ) {
    return this.views.reschedule(token, body);
  }

  /** The receipt holds the customer's purchase: never kept by a cache on the way. */
  @RateLimit('tracking')
  @Doc(
    'The receipt of a completed visit, as a PDF',
    { file: 'application/pdf' },
    {
      calls: ['booking.links.resolve', 'notify.receipts.get'],
    },
  )
  @Get(':token/receipt')
  @Header('Cache-Control', 'no-store')
  receipt(@Param('token', PathLinkToken) token: string) {
    return this.views.receipt(token);
  }

  /** A photo of the completed visit: the customer's own, never kept by a shared cache. */
  @RateLimit('tracking')
  @Doc(
    'A photo taken at the door on the completed visit, as its image',
    { file: PHOTO_TYPES },
    {
      calls: ['booking.links.resolve', 'dispatch.photos.visit-file'],
      answers: [{ status: 503, description: 'The photo store did not answer.' }],
    },
  )
  @Get(':token/photos/:photoId')
  @Header('Cache-Control', 'private, max-age=3600')
  photo(@Param('token', PathLinkToken) token: string, @Param('photoId', PathId) photoId: number) {
    return this.views.photo(token, photoId);
  }

  @RateLimit('tracking')
  @Doc(
    "Pay the done visit's invoice by card: the payment provider's checkout page to go to",
    'billing.payments.pay-visit',
    { calls: ['booking.links.resolve'] },
  )
  @Post(':token/pay')
  @HttpCode(200)
  pay(@Param('token', PathLinkToken) token: string) {
    return this.views.pay(token);
  }

  @RateLimit('tracking')
  @Doc('No more texts or emails about the visit', 'notify.opt-out', {
    calls: ['booking.links.resolve'],
  })
  @Post(':token/opt-out')
  @HttpCode(200)
  optOut(@Param('token', PathLinkToken) token: string) {
    return this.views.optOut(token);
  }
}
