import { RpcHandler } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { QueueService } from './queue.service';

@Controller()
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @RpcHandler('dispatch.queue.list')
  list() {
    return this.queue.list();
  }
}
