import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { ReceiptsService } from './receipts.service';

@Controller()
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @RpcHandler('notify.receipts.get')
  get(@RpcPayload('notify.receipts.get') { appointmentId }: RpcMessage<'notify.receipts.get'>) {
    return this.receipts.file(appointmentId);
  }
}
