import { RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { FitmentService } from './fitment.service';

@Controller()
export class FitmentController {
  constructor(private readonly fitment: FitmentService) {}

  @RpcHandler('booking.fitment.lookup')
  lookup(@RpcPayload('booking.fitment.lookup') query: RpcMessage<'booking.fitment.lookup'>) {
    return this.fitment.lookup(query);
  }

  @RpcHandler('booking.fitment.list')
  list(@RpcPayload('booking.fitment.list') { make }: RpcMessage<'booking.fitment.list'>) {
    return this.fitment.list(make);
  }

  @RpcHandler('booking.fitment.create')
  create(@RpcPayload('booking.fitment.create') { fitment }: RpcMessage<'booking.fitment.create'>) {
    return this.fitment.create(fitment);
  }

  @RpcHandler('booking.fitment.update')
  update(
    @RpcPayload('booking.fitment.update') { id, fitment }: RpcMessage<'booking.fitment.update'>,
  ) {
    return this.fitment.update(id, fitment);
  }

  @RpcHandler('booking.fitment.delete')
  remove(@RpcPayload('booking.fitment.delete') { id }: RpcMessage<'booking.fitment.delete'>) {
    return this.fitment.remove(id);
  }
}
