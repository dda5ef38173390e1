import { RpcClient } from '@cincy/platform';
import { Controller, Get } from '@nestjs/common';
import { Roles } from '../access/access.decorators';
import { Doc } from '../routes/route-doc.decorator';

@Controller('queue')
export class QueueController {
  constructor(private readonly rpc: RpcClient) {}

  @Roles('admin')
  @Doc(
    'The ASAP queue: waiting requests in order, with their estimated waits',
    'dispatch.queue.list',
  )
  @Get()
  list() {
    return this.rpc.call('dispatch.queue.list', {});
  }
}
