import {
  CurrentUser,
  DispatchSettings,
  dayQuerySchema,
  dispatchSettingsSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { z } from 'zod';
import { Roles, User } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';

@Controller('dispatch')
export class DispatchController {
  constructor(private readonly rpc: RpcClient) {}

  /** Any signed-in user: every board says whether auto-dispatch is on. */
  @Doc('Dispatch settings (auto-dispatch on or off)', 'dispatch.settings.get')
  @Get('settings')
  settings() {
    return this.rpc.call('dispatch.settings.get', {});
  }

  @Roles('admin')
  @Doc('Change the dispatch settings', 'dispatch.settings.update')
  @Put('settings')
  updateSettings(
    @Body(new Contract(dispatchSettingsSchema)) settings: DispatchSettings,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('dispatch.settings.update', { settings, actor });
  }

  @Roles('admin')
  @Doc("A day's jobs by technician, against their shifts", 'dispatch.day.get')
  @Get('day')
  day(@Query(new Contract(dayQuerySchema, 'query')) query: z.infer<typeof dayQuerySchema>) {
    return this.rpc.call('dispatch.day.get', query);
  }
}
