import { InventoryFilter, inventoryQuerySchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { Contract } from '../common/contract.pipe';

@Controller('inventory')
export class InventoryController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(@Query(new Contract(inventoryQuerySchema, 'query')) filter: InventoryFilter) {
    return this.rpc.call('inventory.items.list', filter);
  }
}
