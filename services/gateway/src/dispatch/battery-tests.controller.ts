import { CurrentUser, batteryTestInputSchema } from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import { User } from '../access/access.decorators';
import { Contract, PathId } from '../common/contract.pipe';
import { IdempotencyKey } from '../common/idempotency-key';
import { Doc } from '../routes/route-doc.decorator';

type BatteryTestBody = z.output<typeof batteryTestInputSchema>;

/** A job's battery tests (issue 35): dispatch decides who may record or read them (per job). */
@Controller('appointments')
export class BatteryTestsController {
  constructor(private readonly rpc: RpcClient) {}

  @Doc(
    'Record a battery test taken on the job (its technician once arrived, or the office), once per Idempotency-Key',
    'dispatch.battery-tests.record',
  )
  @Post(':id/battery-tests')
  record(
    @Param('id', PathId) id: number,
    @Body(new Contract(batteryTestInputSchema)) test: BatteryTestBody,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call('dispatch.battery-tests.record', { ...test, id, actor, idempotencyKey });
  }

  @Doc("The job's battery tests, in the order taken", 'dispatch.battery-tests.list')
  @Get(':id/battery-tests')
  list(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('dispatch.battery-tests.list', { id, actor });
  }
}
