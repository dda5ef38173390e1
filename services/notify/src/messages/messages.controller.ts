import { MessagesQuery, RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { MessagesService } from './messages.service';

type OfAppointment = RpcMessage<'notify.messages.of-appointment'>;
type Resend = RpcMessage<'notify.messages.resend'>;
type OptOut = RpcMessage<'notify.opt-out'>;

@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @RpcHandler('notify.messages.of-appointment')
  ofAppointment(@RpcPayload('notify.messages.of-appointment') { id }: OfAppointment) {
    return this.messages.ofAppointment(id);
  }

  @RpcHandler('notify.messages.list')
  list(@RpcPayload('notify.messages.list') query: MessagesQuery) {
    return this.messages.list(query);
  }

  @RpcHandler('notify.messages.resend')
  resend(@RpcPayload('notify.messages.resend') { id, actor }: Resend) {
    return this.messages.resend(id, actor);
  }

  @RpcHandler('notify.opt-out')
  optOut(@RpcPayload('notify.opt-out') { appointmentId }: OptOut) {
    return this.messages.optOut(appointmentId);
  }
}
