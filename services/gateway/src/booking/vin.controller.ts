import { vinSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Controller, Get, Param } from '@nestjs/common';
import { Public } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

/** A VIN read offline (issue 37): the booking form fills the make and year from it. */
@Controller('vin')
export class VinController {
  constructor(private readonly rpc: RpcClient) {}

  @Public()
  @Doc(
    "A VIN's maker (as the booking form names it) and model year, read offline; 400 with what is wrong when its check digit does not match",
    'booking.vin.decode',
  )
  @Get(':vin')
  decode(@Param('vin', new Contract(vinSchema, 'param')) vin: string) {
    return this.rpc.call('booking.vin.decode', { vin });
  }
}
