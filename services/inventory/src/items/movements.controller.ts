import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { MovementsService } from './movements.service';

type RecordMovement = RpcMessage<'inventory.movements.record'>;
type OfItem = RpcMessage<'inventory.movements.of-item'>;

@Controller()
export class MovementsController {
  constructor(private readonly movements: MovementsService) {}

  @RpcHandler('inventory.movements.record')
  record(@RpcPayload('inventory.movements.record') { itemId, movement, actor }: RecordMovement) {
    return this.movements.record(itemId, movement, actor);
  }

  @RpcHandler('inventory.movements.of-item')
  ofItem(@RpcPayload('inventory.movements.of-item') { itemId }: OfItem) {
    return this.movements.ofItem(itemId);
  }
}
