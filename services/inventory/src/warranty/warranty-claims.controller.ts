import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { WarrantyClaimsRepository } from './warranty-claims.repository';
import { WarrantyClaimsService } from './warranty-claims.service';

@Controller()
export class WarrantyClaimsController {
  constructor(
    private readonly claims: WarrantyClaimsRepository,
    private readonly service: WarrantyClaimsService,
  ) {}

  @RpcHandler('inventory.warranty.claims')
  list() {
    return this.claims.list();
  }

  @RpcHandler('inventory.warranty.open-claim')
  open(
    @RpcPayload('inventory.warranty.open-claim') claim: RpcMessage<'inventory.warranty.open-claim'>,
  ) {
    return this.service.open(claim);
  }

  @RpcHandler('inventory.warranty.due-tests')
  dueTests() {
    return this.claims.dueTests();
  }
}
