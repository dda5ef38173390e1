import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { PriceListService } from './price-list.service';

@Controller()
export class PriceListController {
  constructor(private readonly prices: PriceListService) {}

  @RpcHandler('billing.price-list.get')
  get() {
    return this.prices.get();
  }

  @RpcHandler('billing.price-list.update')
  update(
    @RpcPayload('billing.price-list.update') { priceList }: RpcMessage<'billing.price-list.update'>,
  ) {
    return this.prices.update(priceList);
  }
}
