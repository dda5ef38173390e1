import {
  CurrentUser,
  SerialSearchQuery,
  ServiceRecordInput,
  VerifySerial,
  serialSearchQuerySchema,
  serviceRecordInputSchema,
  verifySerialSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Doc } from '../routes/route-doc.decorator';
import { User } from '../auth/access.decorators';
import { Contract } from '../common/contract.pipe';

@Controller('service-records')
export class ServiceRecordsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Completes the job: dispatch decides on its live job, inventory keeps the record and stock. */
  @Doc('Complete a job: the service record, stock and serials', 'dispatch.appointments.complete')
  @Post()
  create(
    @Body(new Contract(serviceRecordInputSchema)) record: ServiceRecordInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.appointments.complete', { record, actor });
  }

  /** Battery Search. */
  @Doc('Battery Search: service records by serial', 'inventory.service-records.search')
  @Get('search')
  search(@Query(new Contract(serialSearchQuerySchema, 'query')) query: SerialSearchQuery) {
    return this.rpc.call('inventory.service-records.search', query);
  }

  @Doc(
    "Check an old battery's serial for a warranty replacement",
    'inventory.service-records.verify-serial',
  )
  @Post('verify-serial')
  @HttpCode(200)
  verifySerial(@Body(new Contract(verifySerialSchema)) body: VerifySerial) {
    return this.rpc.call('inventory.service-records.verify-serial', body);
  }
}
