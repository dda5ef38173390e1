import {
  CurrentUser,
  InventoryFilter,
  InventoryItemInput,
  inventoryItemInputSchema,
  inventoryQuerySchema,
  StockMovementInput,
  TransferInput,
  stockMovementInputSchema,
  transferInputSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Doc } from '../routes/route-doc.decorator';
import { Roles, User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';

/** Reading for anyone signed in; writing for admins. */
@Controller('inventory')
export class InventoryController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc('Inventory items (all, or low stock only)', 'inventory.items.list')
  @Get()
  list(@Query(new Contract(inventoryQuerySchema, 'query')) filter: InventoryFilter) {
    return this.rpc.call('inventory.items.list', filter);
  }

  @Doc("Where stock is kept: the warehouse, then each technician's van", 'inventory.locations.list')
  @Get('locations')
  locations() {
    return this.rpc.call('inventory.locations.list', {});
  }

  @Roles('admin')
  @Doc(
    "Move units of an item between the warehouse and the vans (a van restocked): the total stays, each place's count moves",
    'inventory.transfers.create',
  )
  @Post('transfers')
  transfer(
    @Body(new Contract(transferInputSchema)) transfer: TransferInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('inventory.transfers.create', { transfer, actor });
  }

  @Roles('admin')
  @Doc('Add an inventory item', 'inventory.items.create')
  @Post()
  create(
    @Body(new Contract(inventoryItemInputSchema)) item: InventoryItemInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('inventory.items.create', { item, actor });
  }

  @Roles('admin')
  @Doc('Edit an inventory item', 'inventory.items.update')
  @Put(':id')
  update(
    @Param('id', PathId) id: number,
    @Body(new Contract(inventoryItemInputSchema)) item: InventoryItemInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('inventory.items.update', { id, item, actor });
  }

  @Roles('admin')
  @Doc('Delete an inventory item (retired when service records name it)', 'inventory.items.delete')
  @Delete(':id')
  remove(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('inventory.items.delete', { id, actor });
  }

  @Roles('admin')
  @Doc(
    'Receive, correct the count of, or write off an item (a movement)',
    'inventory.movements.record',
  )
  @Post(':id/movements')
  move(
    @Param('id', PathId) itemId: number,
    @Body(new Contract(stockMovementInputSchema)) movement: StockMovementInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('inventory.movements.record', { itemId, movement, actor });
  }

  @Roles('admin')
  @Doc("An item's stock movements, newest first (at most 100)", 'inventory.movements.of-item')
  @Get(':id/movements')
  movements(@Param('id', PathId) itemId: number) {
    return this.rpc.call('inventory.movements.of-item', { itemId });
  }
}
