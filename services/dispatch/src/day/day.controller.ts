import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { DayService } from './day.service';

type DayQuery = RpcMessage<'dispatch.day.get'>;

@Controller()
export class DayController {
  constructor(private readonly days: DayService) {}

  @RpcHandler('dispatch.day.get')
  get(@RpcPayload('dispatch.day.get') { date }: DayQuery) {
    return this.days.get(date);
  }
}
