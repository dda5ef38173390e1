import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { ReservationsService } from './reservations.service';

@Controller()
export class ReservationsController {
  constructor(private readonly reservations: ReservationsService) {}

  @RpcHandler('inventory.batteries.stock')
  stock(
    @RpcPayload('inventory.batteries.stock') { batteries }: RpcMessage<'inventory.batteries.stock'>,
  ) {
    return this.reservations.stock(batteries);
  }
}
