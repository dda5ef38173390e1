import { TimeSlotsRequest, timeSlotsQuerySchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { Doc } from '../routes/route-doc.decorator';
import { Public } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { RateLimit } from './booking-rate-limit.guard';

@Controller('time-slots')
export class TimeSlotsController {
  constructor(private readonly rpc: RpcClient) {}

  /** The booking form's hour grid for one day: `[{ hour, available, reason? }]`. */
  @Public()
  @RateLimit('timeSlots')
  @Doc('The bookable hours of a day for an address', 'booking.time-slots.list')
  @Get()
  list(@Query(new Contract(timeSlotsQuerySchema, 'query')) query: TimeSlotsRequest) {
    return this.rpc.call('booking.time-slots.list', query);
  }
}
