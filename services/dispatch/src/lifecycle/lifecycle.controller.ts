import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { LifecycleService } from './lifecycle.service';

type ChangeStatus = RpcMessage<'dispatch.appointments.change-status'>;
type Decline = RpcMessage<'dispatch.appointments.decline'>;
type Complete = RpcMessage<'dispatch.appointments.complete'>;

@Controller()
export class LifecycleController {
  constructor(private readonly lifecycle: LifecycleService) {}

  @RpcHandler('dispatch.appointments.change-status')
  changeStatus(
    @RpcPayload('dispatch.appointments.change-status') { id, status, actor }: ChangeStatus,
  ) {
    return this.lifecycle.changeStatus(id, status, actor);
  }

  @RpcHandler('dispatch.appointments.decline')
  decline(@RpcPayload('dispatch.appointments.decline') { id }: Decline) {
    return this.lifecycle.decline(id);
  }

  @RpcHandler('dispatch.appointments.complete')
  complete(@RpcPayload('dispatch.appointments.complete') { record, actor }: Complete) {
    return this.lifecycle.complete(record, actor);
  }
}
