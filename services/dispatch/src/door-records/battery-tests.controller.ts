import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { BatteryTestsService } from './battery-tests.service';
import { WarrantyClaimsService } from './warranty-claims.service';

type Record = RpcMessage<'dispatch.battery-tests.record'>;
type List = RpcMessage<'dispatch.battery-tests.list'>;

@Controller()
export class BatteryTestsController {
  constructor(
    private readonly tests: BatteryTestsService,
    private readonly claims: WarrantyClaimsService,
  ) {}

  @RpcHandler('dispatch.battery-tests.record')
  record(@RpcPayload('dispatch.battery-tests.record') request: Record) {
    return this.tests.record(request);
  }

  @RpcHandler('dispatch.battery-tests.list')
  list(@RpcPayload('dispatch.battery-tests.list') { id, actor }: List) {
    return this.tests.list(id, actor);
  }

  /** A warranty claim stands on the job's failing test: opened beside it. */
  @RpcHandler('dispatch.warranty-claims.open')
  openClaim(
    @RpcPayload('dispatch.warranty-claims.open')
    request: RpcMessage<'dispatch.warranty-claims.open'>,
  ) {
    return this.claims.open(request);
  }
}
