import { TimeSlotsRequest } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { TimeSlotsService } from './time-slots.service';

@Controller()
export class TimeSlotsController {
  constructor(private readonly timeSlots: TimeSlotsService) {}

  @RpcHandler('booking.time-slots.list')
  list(@RpcPayload('booking.time-slots.list') query: TimeSlotsRequest) {
    return this.timeSlots.list(query);
  }
}
