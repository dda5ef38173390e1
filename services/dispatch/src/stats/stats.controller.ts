import { RpcHandler } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { StatsService } from './stats.service';

@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @RpcHandler('dispatch.stats.get')
  get() {
    return this.stats.get();
  }
}
