import { CurrentUser, OpenClaimInput, openClaimInputSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Post } from '@nestjs/common';
import { Roles, User } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** Warranty claims (issue 37): the batteries replaced under warranty, and what suppliers owe. */
@Controller('warranty')
export class WarrantyController {
  constructor(private readonly rpc: RpcClient) {}

  @Roles('admin')
  @Doc(
    "Batteries replaced under warranty, newest first (at most 200), each with the supplier's credit owed for the returned battery (its item's unit cost), and the totals over all",
    'inventory.warranty.claims',
  )
  @Get('claims')
  claims() {
    return this.rpc.call('inventory.warranty.claims', {});
  }

  @Roles('admin')
  @Doc(
    'Batteries we installed three years ago or more and still in their car (due for the free test the customer is offered), oldest first, at most 200',
    'inventory.warranty.due-tests',
  )
  @Get('due-tests')
  dueTests() {
    return this.rpc.call('inventory.warranty.due-tests', {});
  }

  /** The job's technician or the office, once the job has a failing test of the old battery. */
  @Doc(
    'Open a warranty claim for a failing battery the customer had from us: the job must have a failing test of it (409), the battery must be theirs (400) and under warranty, not claimed already (409)',
    'dispatch.warranty-claims.open',
  )
  @Post('claims')
  open(
    @Body(new Contract(openClaimInputSchema)) claim: OpenClaimInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.warranty-claims.open', { ...claim, actor });
  }
}
