import { InventoryFilter, RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { ItemsService } from './items.service';

type Create = RpcMessage<'inventory.items.create'>;
type Update = RpcMessage<'inventory.items.update'>;
type Remove = RpcMessage<'inventory.items.delete'>;

@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @RpcHandler('inventory.items.list')
  list(@RpcPayload('inventory.items.list') query: InventoryFilter) {
    return this.items.list(query);
  }

  @RpcHandler('inventory.items.create')
  create(@RpcPayload('inventory.items.create') { item, actor }: Create) {
    return this.items.create(item, actor);
  }

  @RpcHandler('inventory.items.update')
  update(@RpcPayload('inventory.items.update') { id, item, actor }: Update) {
    return this.items.update(id, item, actor);
  }

  @RpcHandler('inventory.items.delete')
  remove(@RpcPayload('inventory.items.delete') { id, actor }: Remove) {
    return this.items.remove(id, actor);
  }
}
