import {
  CurrentUser,
  DispatchSettings,
  FIELD_POOL,
  dayQuerySchema,
  dispatchSettingsSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { z } from 'zod';
import { Roles, User } from '../access/access.decorators';
import { Contract } from '../common/contract.pipe';
import { Doc } from '../routes/route-doc.decorator';
import { jobSeenBy } from './board-view';

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

  /**
   * The field app's jobs for the signed-in user (technicians, and admins who open it): a list
   * bounded by the phone's screen instead of the whole board.
   */
  @Doc(
    `The signed-in user's jobs for the field app: their open jobs and today's closed ones, and the oldest ${FIELD_POOL.sent} of today's open pool, with the pool's size`,
    'dispatch.appointments.field',
  )
  @Get('field-jobs')
  async fieldJobs(@User() viewer: CurrentUser) {
    const { jobs, poolTotal } = await this.rpc.call('dispatch.appointments.field', {
      technicianId: viewer.id,
    });
    return { jobs: jobs.map((job) => jobSeenBy(viewer, job)), poolTotal };
  }

  @Roles('admin')
  @Doc("A day's jobs by technician, against their shifts", 'dispatch.day.get')
  @Get('day')
  day(@Query(new Contract(dayQuerySchema, 'query')) query: z.infer<typeof dayQuerySchema>) {
    return this.rpc.call('dispatch.day.get', query);
  }
}
