import { RpcMessage, decodeVin } from '@cincy/contracts';
import { RpcHandler, RpcPayload } from '@cincy/platform';
import { Controller } from '@nestjs/common';
import { Clock } from '../common/clock';

/** A VIN read offline (issue 37): its check digit was checked with the request. */
@Controller()
export class VinController {
  constructor(private readonly clock: Clock) {}

  @RpcHandler('booking.vin.decode')
  decode(@RpcPayload('booking.vin.decode') { vin }: RpcMessage<'booking.vin.decode'>) {
    return decodeVin(vin, this.clock.now());
  }
}
