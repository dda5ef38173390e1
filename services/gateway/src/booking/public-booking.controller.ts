import { BookingInput, bookingInputSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Post } from '@nestjs/common';
import { Public } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';
import { RateLimit } from './booking-rate-limit.guard';
import { IdempotencyKey } from '../common/idempotency-key';

/**
 * The booking form's one call (ADR 0105): the customer and their visit, in one booking transaction,
 * so a lost connection leaves both or neither. No booking cookie: it only let a visitor's second
 * call name the customer their first one made, and here there is no second call.
 */
@Controller('bookings')
export class PublicBookingController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @RateLimit('bookings')
  @Doc(
    'Book a visit with its customer in one call (ASAP or a time slot); with an Idempotency-Key, a repeat answers the same booking',
    'booking.bookings.create',
  )
  @Post()
  create(
    @Body(new Contract(bookingInputSchema)) body: BookingInput,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call(
      'booking.bookings.create',
      idempotencyKey === undefined ? body : { ...body, idempotencyKey },
    );
  }
}
