import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { LifecycleService } from './lifecycle.service';

type ChangeStatus = RpcMessage<'dispatch.appointments.change-status'>;
type Decline = RpcMessage<'dispatch.appointments.decline'>;
type Complete = RpcMessage<'dispatch.appointments.complete'>;
type Assign = RpcMessage<'dispatch.appointments.assign'>;
type Unassign = RpcMessage<'dispatch.appointments.unassign'>;
type HandBack = RpcMessage<'dispatch.appointments.hand-back'>;
type Cancel = RpcMessage<'dispatch.appointments.cancel'>;

@Controller()
export class LifecycleController {
  constructor(private readonly lifecycle: LifecycleService) {}

  @RpcHandler('dispatch.appointments.change-status')
  changeStatus(
    @RpcPayload('dispatch.appointments.change-status') { id, status, actor, ...sent }: ChangeStatus,
  ) {
    return this.lifecycle.changeStatus(id, status, actor, sent);
  }

  @RpcHandler('dispatch.appointments.decline')
  decline(@RpcPayload('dispatch.appointments.decline') { id }: Decline) {
    return this.lifecycle.decline(id);
  }

  @RpcHandler('dispatch.appointments.complete')
  complete(
    @RpcPayload('dispatch.appointments.complete') { record, actor, idempotencyKey }: Complete,
  ) {
    return this.lifecycle.complete(record, actor, idempotencyKey);
  }

  @RpcHandler('dispatch.appointments.assign')
  assign(@RpcPayload('dispatch.appointments.assign') { id, technicianId, version, actor }: Assign) {
    return this.lifecycle.assign(id, technicianId, actor, version);
  }

  @RpcHandler('dispatch.appointments.unassign')
  unassign(@RpcPayload('dispatch.appointments.unassign') { id, actor }: Unassign) {
    return this.lifecycle.unassign(id, actor);
  }

  @RpcHandler('dispatch.appointments.hand-back')
  handBack(
    @RpcPayload('dispatch.appointments.hand-back') { id, reason, actor, idempotencyKey }: HandBack,
  ) {
    return this.lifecycle.handBack(id, reason, actor, idempotencyKey);
  }

  @RpcHandler('dispatch.appointments.cancel')
  cancel(@RpcPayload('dispatch.appointments.cancel') { id, reason }: Cancel) {
    return this.lifecycle.cancel(id, reason);
  }
}
