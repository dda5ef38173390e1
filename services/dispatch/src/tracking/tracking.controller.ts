import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { TrackingService } from './tracking.service';

type View = RpcMessage<'dispatch.tracking.view'>;

@Controller()
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  @RpcHandler('dispatch.tracking.view')
  view(@RpcPayload('dispatch.tracking.view') { id }: View) {
    return this.tracking.view(id);
  }
}
