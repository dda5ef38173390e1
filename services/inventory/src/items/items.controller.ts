import { InventoryFilter } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { ItemsService } from './items.service';

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @RpcHandler('inventory.items.list')
  list(@RpcPayload('inventory.items.list') query: InventoryFilter) {
    return this.items.list(query);
  }
}
