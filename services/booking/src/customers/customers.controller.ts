import { CustomerInput } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @RpcHandler('booking.customers.create')
  create(@RpcPayload('booking.customers.create') body: CustomerInput) {
    return this.customers.register(body);
  }
}
