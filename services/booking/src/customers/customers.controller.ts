import { CustomerInput, CustomerListQuery, RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { CustomersService } from './customers.service';

type Update = RpcMessage<'booking.customers.update'>;

@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @RpcHandler('booking.customers.create')
  create(@RpcPayload('booking.customers.create') body: CustomerInput) {
    return this.customers.register(body);
  }

  @RpcHandler('booking.customers.list')
  list(@RpcPayload('booking.customers.list') query: CustomerListQuery) {
    return this.customers.list(query);
  }

  @RpcHandler('booking.customers.update')
  update(@RpcPayload('booking.customers.update') { id, customer }: Update) {
    return this.customers.update(id, customer);
  }

  @RpcHandler('booking.customers.delete')
  remove(@RpcPayload('booking.customers.delete') { id }: RpcMessage<'booking.customers.delete'>) {
    return this.customers.remove(id);
  }
}
