import { RpcClient } from '@cincy/platform';
import { Controller, Get } from '@nestjs/common';
import { Roles } from '../access/access.decorators';
import { Doc } from '../routes/route-doc.decorator';

/** Warranty claims (issue 37): the batteries replaced under warranty, and what suppliers owe. */
@Controller('warranty')
@Roles('admin')
export class WarrantyController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc(
    "Batteries replaced under warranty, newest first (at most 200), each with the supplier's credit owed for the returned battery (its item's unit cost), and the totals over all",
    'inventory.warranty.claims',
  )
  @Get('claims')
  claims() {
    return this.rpc.call('inventory.warranty.claims', {});
  }

  @Doc(
    'Batteries we installed three years ago or more and still in their car (due for the free test the customer is offered), oldest first, at most 200',
    'inventory.warranty.due-tests',
  )
  @Get('due-tests')
  dueTests() {
    return this.rpc.call('inventory.warranty.due-tests', {});
  }
}
