import {
  BatteryChain,
  BatteryChainQuery,
  CurrentUser,
  appointmentsWithoutVehicle,
  batteryChainQuerySchema,
  batteryChainSchema,
  withBookedVehicles,
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
import { User } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { IdempotencyKey } from '../common/idempotency-key';

@Controller('service-records')
export class ServiceRecordsController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Completes the job: dispatch decides on its live job, inventory keeps the record and stock;
   * once per Idempotency-Key (a phone's outbox sends it again when it never heard the answer).
   */
  @Doc('Complete a job: the service record, stock and serials', 'dispatch.appointments.complete')
  @Post()
  create(
    @Body(new Contract(serviceRecordInputSchema)) record: ServiceRecordInput,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call('dispatch.appointments.complete', { record, actor, idempotencyKey });
  }

  /** Battery Search. */
  @Doc('Battery Search: service records by serial', 'inventory.service-records.search')
  @Get('search')
  search(@Query(new Contract(serialSearchQuerySchema, 'query')) query: SerialSearchQuery) {
    return this.rpc.call('inventory.service-records.search', query);
  }

  /** A battery's page: its installs and replacements, each with its warranty's end. */
  @Doc("A battery's chain: installed, replaced, warranty", batteryChainSchema, {
    calls: ['inventory.service-records.chain', 'booking.appointments.vehicles'],
  })
  @Get('chain')
  async chain(
    @Query(new Contract(batteryChainQuerySchema, 'query')) query: BatteryChainQuery,
  ): Promise<BatteryChain> {
    const { serial, chain } = await this.rpc.call('inventory.service-records.chain', query);
    const appointmentIds = appointmentsWithoutVehicle(chain);
    if (appointmentIds.length === 0) return { serial, chain };
    const booked = await this.rpc.call('booking.appointments.vehicles', { appointmentIds });
    return { serial, chain: withBookedVehicles(chain, booked) };
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
