import { FindBooking, RpcMessage } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { LinksService } from './links.service';

type ByToken = RpcMessage<'booking.links.resolve'>;

@Controller()
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @RpcHandler('booking.links.resolve')
  resolve(@RpcPayload('booking.links.resolve') { token }: ByToken) {
    return this.links.open(token);
  }

  @RpcHandler('booking.links.details')
  details(@RpcPayload('booking.links.details') { token }: ByToken) {
    return this.links.details(token);
  }

  @RpcHandler('booking.links.issue')
  issue(@RpcPayload('booking.links.issue') { appointmentId }: RpcMessage<'booking.links.issue'>) {
    return this.links.issue(appointmentId);
  }

  @RpcHandler('booking.links.find')
  find(@RpcPayload('booking.links.find') body: FindBooking) {
    return this.links.find(body);
  }
}
