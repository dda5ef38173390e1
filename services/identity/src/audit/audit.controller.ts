import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { AuditService } from './audit.service';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @RpcHandler('identity.audit.list')
  list(@RpcPayload('identity.audit.list') query: RpcMessage<'identity.audit.list'>) {
    return this.audit.list(query);
  }
}
