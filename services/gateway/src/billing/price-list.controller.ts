import { CurrentUser, PriceListInput, priceListInputSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { Roles, User } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** The price list (issue 36, ADR 0115): what billing charges besides the battery itself. Admins. */
@Controller('price-list')
@Roles('admin')
export class PriceListController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc('The prices new invoices are issued with, cents, tax included', 'billing.price-list.get')
  @Get()
  get() {
    return this.rpc.call('billing.price-list.get', {});
  }

  @Doc(
    'Change the price list: new invoices use it, an issued invoice keeps its lines',
    'billing.price-list.update',
  )
  @Put()
  update(
    @Body(new Contract(priceListInputSchema)) priceList: PriceListInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('billing.price-list.update', { priceList, actor });
  }
}
