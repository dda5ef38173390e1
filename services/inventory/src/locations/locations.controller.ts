import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { TransfersService } from './transfers.service';

@Controller()
export class LocationsController {
  constructor(private readonly transfers: TransfersService) {}

  @RpcHandler('inventory.locations.list')
  list() {
    return this.transfers.list();
  }

  @RpcHandler('inventory.transfers.create')
  transfer(
    @RpcPayload('inventory.transfers.create')
    { transfer, actor }: RpcMessage<'inventory.transfers.create'>,
  ) {
    return this.transfers.transfer(transfer, actor);
  }
}
